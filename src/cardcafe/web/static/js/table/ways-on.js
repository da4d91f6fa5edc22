// @ts-check
// The ways on from a finished game, once its summary is closed: a rematch, the replay, the
// lobby. The banner offers them at the top of the page; on a phone or a tablet the move bar
// offers them too (its place while the game was played), so that a player reading the final
// table at its foot finds them where they are, not a long scroll back up.

import { h } from "../dom.js";
import { rematchButton } from "./rematch.js";

/**
 * The buttons of the ways on.
 * @param {import("./state.js").TableState} state
 * @param {import("./state.js").Commands} commands
 * @param {string} id the row's id ("banner-next", "end-next")
 */
export function waysOn(state, commands, id) {
  const rematch = rematchButton(state);
  rematch?.classList.add("btn-small");
  return h(
    "span",
    { class: "banner-next", id },
    rematch,
    h("button", { class: "btn btn-small", type: "button", onclick: () => commands.startReplay() }, "Watch the replay"),
    h("a", { class: "btn btn-small", href: "/" }, "Back to the lobby"),
  );
}
