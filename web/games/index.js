// The table layout of each game the page can show. A game appears in the picker only when the
// engine says it is playable and it has a layout here.
import spades from "./spades.js";

export const LAYOUTS = { spades };
