// @ts-check
// Snapshot deltas (docs/protocol.md): after its first snapshot a page is sent what changed
// since the snapshot it holds, as a JSON Patch (RFC 6902; the server uses only "add",
// "replace" and "remove"). A delta based on another version than the one held, or that does
// not fit it, is refused: the page then asks the server for its whole snapshot again.

/**
 * Keeps the page's copy of its snapshot and brings it up to date, delta by delta.
 */
export class SnapshotKeeper {
  /** @param {() => void} askAgain asks the server for the whole snapshot ({"type":"resync"}) */
  constructor(askAgain) {
    this.askAgain = askAgain;
    /** @type {any} the last snapshot, never handed out (screens get copies) */
    this.held = null;
    this.asked = false; // a whole snapshot was asked for and has not come yet
  }

  /**
   * The snapshot that `message` (a "snapshot" or a "delta") makes, as a fresh copy for the
   * screen; null when a delta does not fit what is held: the whole snapshot is then asked
   * for (once) and deltas are set aside until it comes.
   * @param {any} message
   * @returns {any}
   */
  receive(message) {
    if (message.type === "snapshot") {
      this.held = message;
      this.asked = false;
      return structuredClone(message);
    }
    if (this.fits(message)) return structuredClone(this.held);
    this.held = null;
    if (!this.asked) {
      this.asked = true;
      this.askAgain();
    }
    return null;
  }

  /**
   * Whether `delta` applied to the snapshot held (changing it) and made the version it names.
   * @param {any} delta
   */
  fits(delta) {
    if (!this.held || this.held.version !== delta.base) return false;
    try {
      for (const op of delta.patch) applyOperation(this.held, op);
    } catch {
      return false;
    }
    return this.held.version === delta.version;
  }
}

/**
 * One JSON Patch operation applied in place.
 * @param {any} document
 * @param {{op: string, path: string, value?: any}} op
 */
export function applyOperation(document, op) {
  const tokens = op.path
    .split("/")
    .slice(1)
    .map((token) => token.replaceAll("~1", "/").replaceAll("~0", "~"));
  const last = tokens.pop();
  if (last === undefined) throw new Error(`a patch cannot change the whole snapshot`);
  let target = document;
  for (const token of tokens) {
    target = Array.isArray(target) ? target[Number(token)] : target[token];
    if (target === null || typeof target !== "object") throw new Error(`no ${op.path}`);
  }
  if (Array.isArray(target)) {
    const index = last === "-" ? target.length : Number(last);
    if (!Number.isInteger(index) || index < 0 || index > target.length) {
      throw new Error(`no ${op.path}`);
    }
    if (op.op === "add") target.splice(index, 0, op.value);
    else if (op.op === "replace" && index < target.length) target[index] = op.value;
    else if (op.op === "remove" && index < target.length) target.splice(index, 1);
    else throw new Error(`cannot ${op.op} ${op.path}`);
    return;
  }
  if (op.op === "add") target[last] = op.value;
  else if (op.op === "replace" && last in target) target[last] = op.value;
  else if (op.op === "remove" && last in target) delete target[last];
  else throw new Error(`cannot ${op.op} ${op.path}`);
}
