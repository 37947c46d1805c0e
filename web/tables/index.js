// One renderer per game: renderer(felt, state, ui) draws the felt from the engine's state and turns
// clicks into ui.act(action) / ui.select(card); none of them decides what is legal.
import { snorkeling } from "./snorkeling.js";
import { go_fish } from "./go_fish.js";
import { enemy_anemone } from "./enemy_anemone.js";
import { generic } from "./generic.js";

export const renderers = { snorkeling, go_fish, enemy_anemone, generic };
