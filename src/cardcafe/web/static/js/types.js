// @ts-check
// The shapes the browser client receives and hands around (docs/protocol.md), for TypeScript's
// checker only: this module holds no code. Other modules name them as
// `import("./types.js").Snapshot`.

/**
 * One part of a seat's score at a round or game end.
 * @typedef {{label: string, points: number}} BreakdownPart
 */

/**
 * The keys every game's view has (engine/view.py `CommonView`); each game adds its own.
 * @typedef {Object} CommonView
 * @property {string} game
 * @property {number} players
 * @property {number|null} [seat]
 * @property {number|null} current_player
 * @property {boolean} is_over
 * @property {string|null} [prompt]
 * @property {string} [phase]
 * @property {number[]} [scores]
 * @property {number[]} [winners]
 * @property {BreakdownPart[][]} [breakdown]
 * @property {string} [breakdown_title]
 */

/** @typedef {CommonView & Record<string, any>} View */

/**
 * One move of the list (`State.offers`): its words, and the indexes in `legal` of the copies
 * of one card it stands for ("(you hold 2)"); the first is the one played.
 * @typedef {{text: string, copies: number[]}} Offer
 */

/**
 * A legal action as the server sends it: the action's JSON and, in `label`, its words.
 * @typedef {{type: string, label?: string} & Record<string, any>} LegalAction
 */

/**
 * One line of the game's log, worded for this viewer.
 * @typedef {{kind?: string, actor: number|null, data?: Object, text: string}} LogEvent
 */

/**
 * A full snapshot of the table for one seat (or a watcher), as the socket sends it.
 * @typedef {Object} Snapshot
 * @property {"snapshot"} type
 * @property {string} [table]
 * @property {number|null} seat
 * @property {number} version
 * @property {string} status "open", "playing", "finished" or "expired"
 * @property {View|null} view
 * @property {string} [game]
 * @property {LogEvent[]} [log]
 * @property {LegalAction[]} [legal]
 * @property {Offer[]} [offers] the legal moves as the list shows them: copies of one as one
 * @property {string[]} [names]
 * @property {string|null} [deadline] when the current move's time runs out (ISO)
 * @property {string|null} [notice]
 * @property {string|null} [rematch] the table the players moved on to
 */

/**
 * A card face's words and looks, from the table's catalogue.
 * @typedef {{id: string, name: string, text: string, hue: number, known: boolean,
 *            icon?: string, value?: string|number|null, short?: string, kind?: string} & Record<string, any>} CardInfo
 */

/** @typedef {{name: string, text?: string} & Record<string, any>} TermInfo */

/**
 * The table's catalogue (GET /api/tables/{id}/catalogue).
 * @typedef {{cards: Record<string, any>, terms: Record<string, any>, phases?: Record<string, any>} & Record<string, any>} Catalogue
 */

/**
 * What a game module draws from: one moment of the table as one viewer sees it.
 * @typedef {Object} DrawContext
 * @property {View} view
 * @property {number|null} seat
 * @property {string[]} names
 * @property {LegalAction[]} legal
 * @property {string} status
 * @property {LogEvent[]} log
 * @property {Catalogue} catalogue
 * @property {(id: string) => CardInfo} card
 * @property {(id: string) => TermInfo|null} term
 * @property {(action: Object) => boolean} [send] play one legal action given as its JSON
 * @property {() => void} [redraw] draw the table again
 */

/**
 * A module that draws one game's table (games/registry.js).
 * @typedef {Object} GameModule
 * @property {string} [id] the game it draws (the generic module draws any)
 * @property {(board: HTMLElement, ctx: DrawContext) => void} render
 * @property {(action: LegalAction, ctx: DrawContext) => string|null} [actionTarget]
 * @property {(action: LegalAction, ctx: DrawContext) => string|null} [actionGroup]
 * @property {(ctx: DrawContext) => string} [step]
 * @property {(ctx: DrawContext) => HTMLElement[]|null} [bar] what the move bar offers instead
 *   of the legal moves while the table stages a move of its own (null: the legal moves)
 * @property {(ctx: DrawContext, action: LegalAction) => boolean} [folded] whether a legal move
 *   is left out of the list because the table's own controls offer it (see `barEnd`)
 * @property {(ctx: DrawContext, hinted: LegalAction|null) => HTMLElement[]} [barEnd] buttons
 *   after the listed moves: the way to the moves `folded` left out (marked when it holds the
 *   hinted move)
 */

export {};
