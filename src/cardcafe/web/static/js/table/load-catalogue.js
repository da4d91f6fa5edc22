// @ts-check
// The table's catalogue, fetched once per page: the table's own (its options name the cards).
// No card is drawn before it is here.

import { cardLookup, loadCatalogue, termLookup } from "../catalogue.js";
import { toast } from "../dom.js";
import { page } from "./page.js";

/**
 * The catalogue, asked for on the first call; every call answers the same promise.
 * @param {import("./state.js").TableState} state
 * @returns {Promise<import("../types.js").Catalogue>}
 */
export function fetchCatalogue(state) {
  if (!state.catalogueReady) {
    state.catalogueReady = loadCatalogue(state.tableId)
      .catch((err) => {
        console.error("no catalogue:", err);
        toast("Could not load the card names: cards show their ids.", "error", 6000);
        return { cards: {}, terms: {}, phases: {} };
      })
      .then((catalogue) => {
        state.catalogue = catalogue;
        state.card = cardLookup(catalogue);
        state.term = termLookup(catalogue);
        page.dataset.catalogue = "loaded";
        return catalogue;
      });
  }
  return state.catalogueReady;
}
