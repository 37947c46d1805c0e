// One renderer per game: renderer(felt, state, ui) draws the felt from the engine's state and turns
// clicks into ui.act(action) / ui.select(card); none of them decides what is legal.
import { snorkeling } from "./snorkeling.js";
import { generic } from "./generic.js";

export const renderers = { snorkeling, generic };
