// @ts-check
// The moves as a player's list shows them (the server's `offers`, `State.offers`): copies of
// one card are one move, "Put the Rex of your hand face down in your Rear Line (you hold 2)",
// which plays the first copy. The actions stay apart in `legal` (the board still tells which
// card is clicked); only the words and the buttons are one.

/** @typedef {import("../types.js").Offer} Offer */

/**
 * Each legal action's index -> the offer it belongs to (each action alone, in its own label,
 * where the snapshot has no offers).
 * @param {import("../types.js").Snapshot|null} snap
 * @returns {Map<number, Offer>}
 */
export function offersByIndex(snap) {
  const legal = (snap && snap.legal) || [];
  const offers = snap && snap.offers && snap.offers.length ? snap.offers : legal.map((a, i) => ({ text: a.label || a.type, copies: [i] }));
  /** @type {Map<number, Offer>} */
  const byIndex = new Map();
  for (const offer of offers) for (const i of offer.copies) byIndex.set(i, offer);
  return byIndex;
}

/**
 * `indexes` with one index per move: a copy of a move already there is left out.
 * @param {number[]} indexes
 * @param {Map<number, Offer>} byIndex
 */
export function oneOfEach(indexes, byIndex) {
  const seen = new Set();
  return indexes.filter((i) => {
    const offer = byIndex.get(i);
    if (!offer) return true;
    if (seen.has(offer)) return false;
    seen.add(offer);
    return true;
  });
}

/**
 * The words of the move at `index`, and whether the hint (an index) is that move or a copy of it.
 * @param {Map<number, Offer>} byIndex
 * @param {number} index
 * @param {number|null|undefined} hinted
 */
export function moveWords(byIndex, index, hinted = null) {
  const offer = byIndex.get(index);
  return {
    text: offer ? offer.text : "",
    hinted: hinted !== null && hinted !== undefined && (offer ? offer.copies.includes(hinted) : hinted === index),
  };
}
