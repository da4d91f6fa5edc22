// @ts-check
// Drawing the table at most once a frame. Snapshots may come faster than the table is drawn
// (the bots' moves after mine, a spectator following a quick game; a Monster Diner table takes
// some 90 ms to draw): drawn as each came, the page drew every state on the way and fell
// seconds behind the table. Now a snapshot asks for a drawing, and the next animation frame
// draws the newest one, once. A hidden tab gets no frames: a timer draws it then (its title
// tells the player it is their turn).

/** A hidden tab's drawing, or a frame that does not come, waits no longer than this (ms). */
const AT_THE_LATEST_MS = 250;

/**
 * A drawing to ask for many times and do once, in the next frame.
 * @param {() => void} draw
 */
export function oncePerFrame(draw) {
  let frame = 0;
  let timer = 0;
  const cancel = () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    frame = 0;
    timer = 0;
  };
  const run = () => {
    cancel();
    draw();
  };
  return {
    /** Draw in the next frame (once, however often asked before it). */
    request() {
      if (frame || timer) return;
      frame = requestAnimationFrame(run);
      timer = window.setTimeout(run, AT_THE_LATEST_MS);
    },
    /** A drawing was asked for and has not been done: the table shows an older snapshot. */
    pending: () => Boolean(frame || timer),
    /** Forget the drawing asked for (the table is being drawn now). */
    cancel,
  };
}
