// The table layout of each game the page can show. A game appears in the picker only when the
// engine says it is playable and it has a layout here.
import spades from "./spades.js";
import spite_malice from "./spite_malice.js";
import skarney_gin from "./skarney_gin.js";

export const LAYOUTS = { spades, spite_malice, skarney_gin };
