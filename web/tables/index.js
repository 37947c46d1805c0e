// One renderer per game: renderer(felt, state, ui) draws the felt from the engine's state and turns
// clicks into ui.act(action) / ui.select(card); none of them decides what is legal. Each game also
// says what travelled between two states (`travels`) and how a card in flight looks (`ghost`), for
// the shared motion (motion.js), and what its round-end table shows besides the scores.
import { snorkeling, snorkelingTravels, snorkelingGhost, snorkelingEndColumns } from "./snorkeling.js";
import { go_fish, goFishTravels, goFishGhost } from "./go_fish.js";
import { enemy_anemone, enemyAnemoneTravels, enemyAnemoneGhost, enemyAnemoneEndColumns } from "./enemy_anemone.js";
import { generic } from "./generic.js";

export const renderers = { snorkeling, go_fish, enemy_anemone, generic };

export const motions = {
  snorkeling: { travels: snorkelingTravels, ghost: snorkelingGhost },
  go_fish: { travels: goFishTravels, ghost: goFishGhost },
  enemy_anemone: { travels: enemyAnemoneTravels, ghost: enemyAnemoneGhost },
};

export const endColumns = {
  snorkeling: snorkelingEndColumns,
  enemy_anemone: enemyAnemoneEndColumns,
};
