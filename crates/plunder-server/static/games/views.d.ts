// Every game's view and action types, generated from the games' Rust types (plunder-games, feature `ts`)
// by crates/plunder-server/src/game_types.rs. Do not edit:
// `UPDATE_TYPES=1 cargo test -p plunder-server --test message_types` rewrites this file.

/** The types of `loot-pirates`: its `view` and its legal actions' `action`. */
export namespace LootPirates {
  export type View = { 
  /**
   * The seat looking, or `null` for a spectator.
   */
  seat: Seat | null, players: number, captain: Seat, round: number, phase: Phase, 
  /**
   * Shoot-off round (0 outside a shoot-off).
   */
  shoot_off_round: number, booty: number, reserve: number, 
  /**
   * Every pirate's doubloons (always in plain sight).
   */
  coins: Array<number>, 
  /**
   * The pirates in the round: everyone, or the shoot-off's contenders.
   */
  contestants: SeatSet, 
  /**
   * Pirates whose roll is still pending.
   */
  to_roll: SeatSet, 
  /**
   * The viewer's own dice, once rolled.
   */
  my_dice: Dice | null, 
  /**
   * Dice shown to the viewer this round.
   */
  shown_to_me: Array<Shown>, 
  /**
   * Pirates who have aimed (during the aim).
   */
  aimed: SeatSet, 
  /**
   * The viewer's own aim.
   */
  my_aim: Seat | null, 
  /**
   * Everyone's aim, once all have aimed (`null` for a pirate not in the round).
   */
  aims: Array<Seat | null> | null, 
  /**
   * Negotiation: the pirate to offer or pass.
   */
  negotiator: Seat | null, 
  /**
   * Offers each pirate has left this round.
   */
  offers_left: Array<number>, 
  /**
   * Pirates who have not passed since the last offer.
   */
  waiting: SeatSet, payments: Array<Payment>, showings: Array<Showing>, 
  /**
   * Pirates who have chosen on 'Fire!'.
   */
  fired: SeatSet, 
  /**
   * The viewer's own choice on 'Fire!'.
   */
  my_fire: Fire | null, 
  /**
   * The last resolved round.
   */
  last_round: Report | null, 
  /**
   * The winners, once the game is over.
   */
  winners: SeatSet, };
  export type Action = { "type": "aim", target: Seat, } | { "type": "pay", to: Seat, doubloons: number, } | { "type": "show", to: Seat, } | { "type": "pass" } | { "type": "fire", choice: Fire, };
  export type Dice = { red: number, black: number, };
  export type Fire = "drop" | "raise" | "shoot";
  export type Payment = { from: Seat, to: Seat, doubloons: number, };
  export type Phase = "starting_gold" | "roll" | "aim" | "negotiate" | "fire" | "over";
  export type Report = { round: number, shoot_off: boolean, aims: Array<Seat | null>, fires: Array<Fire | null>, red: Array<number | null>, black: Array<number | null>, hits: Array<SeatSet>, transfers: Array<Array<number>>, shares: Array<number>, from_reserve: number, knocked_out: SeatSet, };
  export type Seat = number;
  export type SeatSet = Array<number>;
  export type Showing = { from: Seat, to: Seat, };
  export type Shown = { seat: Seat, dice: Dice, };
}
export type LootPiratesView = LootPirates.View;
export type LootPiratesAction = LootPirates.Action;

/** The types of `liars-dice`: its `view` and its legal actions' `action`. */
export namespace LiarsDice {
  export type View = { seat: Seat | null, players: number, round: number, phase: Phase, 
  /**
   * Dice in each cup (public).
   */
  dice_counts: Array<number>, my_dice: Array<number>, 
  /**
   * Seats whose roll is still pending this round.
   */
  rolling: SeatSet, 
  /**
   * Whose turn it is to bid or call.
   */
  turn: Seat | null, bids: Array<BidMade>, last_showdown: Revealed<Showdown> | null, winners: SeatSet, 
  /**
   * The table's wild face (it counts as every face bid on), if any: a rule people must see beside the dice.
   */
  wild?: number, };
  export type Action = { "type": "bid", quantity: number, face: number, } | { "type": "liar" } | { "type": "exact" };
  export type Bid = { quantity: number, face: number, };
  export type BidMade = { seat: Seat, bid: Bid, };
  export type Call = "liar" | "exact";
  export type Phase = "roll" | "bid" | "over";
  export type Revealed<S> = { dice: Array<Array<number>>, } & S;
  export type Seat = number;
  export type SeatSet = Array<number>;
  export type Showdown = { round: number, caller: Seat, bidder: Seat, bid: Bid, call: Call, 
  /**
   * Dice matching the bid (wilds included).
   */
  counted: number, 
  /**
   * Whether the caller was right.
   */
  caller_right: boolean, 
  /**
   * Who lost a die (or the game), if anyone.
   */
  loser: Seat | null, 
  /**
   * Who won a die back (a right exact call), if anyone.
   */
  gainer: Seat | null, };
}
export type LiarsDiceView = LiarsDice.View;
export type LiarsDiceAction = LiarsDice.Action;

/** The types of `scallywager`: its `view` and its legal actions' `action`. */
export namespace Scallywager {
  export type View = { seat: Seat | null, players: number, turn: number, phase: Phase, token: Seat, 
  /**
   * Crew (dice) of every captain.
   */
  crew: Array<number>, 
  /**
   * The viewer's dice; `null` for a die still being rolled.
   */
  my_dice: Array<number | null>, 
  /**
   * Other captains' dice the viewer knows.
   */
  known: Array<KnownDie>, 
  /**
   * Treasure cards face up, per captain.
   */
  treasure: Array<Array<Holding>>, 
  /**
   * The viewer's Adventure cards.
   */
  my_adventure: Array<Held>, 
  /**
   * Concealed Adventure cards per captain (how many).
   */
  concealed: Array<number>, 
  /**
   * Adventure cards revealed this turn.
   */
  revealed: Array<RevealedCard>, 
  /**
   * Cards in the Treasure and Adventure draw piles.
   */
  deck_sizes: [number, number], 
  /**
   * The face-up discard piles, by kind: `[treasure, adventure]`.
   */
  discards: [Array<number>, Array<number>], 
  /**
   * Who may use a Treasure card, or answer the call, now.
   */
  priority: Seat | null, 
  /**
   * Captains who have passed in this Treasure window (each pass is said aloud): a captain's own chance to use
   * its Treasure cards is its first priority in the window.
   */
  passed?: SeatSet, 
  /**
   * Captains who may still answer the call (those holding Adventure cards from before this turn).
   */
  answering: SeatSet, 
  /**
   * The call the captains are answering.
   */
  call: CallMade | null, bidder: Seat | null, clockwise: boolean, bids: Array<BidMade>, forced: Seat | null, black_spot: Seat | null, powder_kegs: number, boarders: SeatSet, ghosts: SeatSet, 
  /**
   * The call's winner, choosing a deck.
   */
  drawing: Seat | null, last_showdown: Revealed<Showdown> | null, winners: SeatSet, 
  /**
   * Cards used so far in the game, and the last one.
   */
  card_uses: number, last_use: CardUse | null, 
  /**
   * The table's wild face (ones, with `ones_wild`), if any; without it ones count for nothing. Nobody bids
   * on ones either way: a rule people must see beside the dice.
   */
  wild?: number, };
  export type Action = { "type": "use", deck: Deck, card: number, target?: Seat, die?: number, take?: number, } | { "type": "pass" } | { "type": "bid", quantity: number, face: number, } | { "type": "scallywagger" } | { "type": "parlay" } | { "type": "draw", deck: Deck, };
  export type Bid = { quantity: number, face: number, };
  export type BidMade = { seat: Seat, bid: Bid, };
  export type CallKind = "scallywagger" | "parlay";
  export type CallMade = { caller: Seat, call: CallKind, };
  export type CardUse = { seat: Seat, deck: Deck, card: number, target?: Seat, 
  /**
   * The Treasure card taken, for a theft.
   */
  take?: number, };
  export type Deck = "treasure" | "adventure";
  export type Held = { card: number, drawn_turn: number, revealed: boolean, };
  export type Holding = { card: number, count: number, };
  export type KnownDie = { seat: Seat, index: number, face: number, };
  export type Phase = "start" | "roll" | "treasure" | "bidding" | "answer" | "draw" | "over";
  export type Revealed<S> = { dice: Array<Array<number>>, } & S;
  export type RevealedCard = { seat: Seat, card: number, };
  export type Seat = number;
  export type SeatSet = Array<number>;
  export type Showdown = { turn: number, caller: Seat, bidder: Seat, bid: Bid, call: CallKind, counted: number, caller_right: boolean, lost: Array<number>, draws: Seat | null, };
}
export type ScallywagerView = Scallywager.View;
export type ScallywagerAction = Scallywager.Action;

/** The types of `lying-pirates`: its `view` and its legal actions' `action`. */
export namespace LyingPirates {
  export type View = { viewer?: Seat, 
  /**
   * Each seat's captain (option `captains`), and who has used a once-per-game ability.
   */
  captains?: Array<string>, abilities_used?: Array<Seat>, phase: Phase, round: number, ring: number, 
  /**
   * Phantom mode: the Phantom's index in the per-captain lists (after the players), whether it sails its
   * second lap, and the player standing in for it this Betting and Sail Phase.
   */
  phantom?: Seat, lapping?: boolean, proxy?: Seat, 
  /**
   * The Phantom's faces, to the player betting for it only (after the shake).
   */
  phantom_dice?: Array<number>, 
  /**
   * Their kinds, when the Phantom holds a special die.
   */
  phantom_kinds?: Array<number>, 
  /**
   * Captains out of the game (Instant Death).
   */
  out?: Array<Seat>, 
  /**
   * The tile under each ship (its index in the tile list).
   */
  tiles: Array<number>, 
  /**
   * The map from Start/End in sailing order: each space's tile, or `None` while it is open (setup).
   */
  map: Array<number | null>, 
  /**
   * Setup: the tiles the viewer holds face down, how many each captain holds, and who places next.
   */
  my_tiles?: Array<number>, tiles_held?: Array<number>, placer?: Seat, progress: Array<number>, coins: Array<number>, 
  /**
   * Dice in each cup, and the kinds of special dice each holds (1 Pirate King, 2 Mermaid, 3 Ghost, 4 Cursed;
   * empty while nobody holds one).
   */
  dice: Array<number>, specials?: Array<Array<number>>, bag: number, 
  /**
   * The viewer's own cup faces (as last shaken), with their kinds (empty when all are regular).
   */
  my_dice?: Array<number>, my_kinds?: Array<number>, spied?: SpiedCup, 
  /**
   * The viewer's hand (card kinds, by their place in the card list), and every hand's size.
   */
  hand?: Array<number>, hand_sizes: Array<number>, 
  /**
   * Cards the viewer knows in other hands (passed in the draft, taken from it), by seat; empty when none.
   */
  known_in_hands?: Array<Array<number>>, 
  /**
   * The draft: how many cards each captain passes now, and the viewer's own choice once made.
   */
  draft_pass?: number, my_draft?: Array<number>, deck: number, 
  /**
   * The discard pile's size and its top card.
   */
  discard: number, discard_top?: string, token: Seat, clockwise: boolean, in_phase?: Array<Seat>, 
  /**
   * The cups that count in the Betting Phase: the bettors' and the Phantom's.
   */
  counted?: Array<Seat>, sitting_out_next?: Array<Seat>, bids?: Array<BidMade>, to_bet?: Seat, showdown?: Showdown, 
  /**
   * Every cup in the Betting Phase as the call showed it (empty before a call).
   */
  shown?: Array<Array<number>>, 
  /**
   * The kinds of `shown`'s dice, cup by cup (0 a regular die, else its special die), where a cup held a
   * special die; empty otherwise.
   */
  shown_kinds?: Array<Array<number>>, winner?: Seat, movers?: Array<Seat>, sail: number, stack?: Array<StackCard>, priority?: Seat, 
  /**
   * Everyone but the priority holder has passed over the stack's top card: its pass lets the card take effect.
   */
  others_passed?: boolean, 
  /**
   * The captains who declared auto-pass this phase (announced: ruling 56).
   */
  auto_passing?: Array<Seat>, gold_used?: Array<Seat>, silver_used?: Array<Seat>, rerolled?: Array<Seat>, battle?: BattleView, question?: Question, 
  /**
   * Catching up: the tied last ships and who has committed an offer.
   */
  catching_up?: Array<Seat>, committed?: Array<Seat>, claimants?: Array<Seat>, final_crew?: Array<number>, winners?: Array<Seat>, };
  export type Action = { "kind": "bet", quantity: number, face: number, } | { "kind": "exact", quantity: number, face: number, } | { "kind": "liar" } | { "kind": "reroll" } | { "kind": "keep" } | { "kind": "play", card: number, target: Seat | null, } | { "kind": "buy" } | { "kind": "pass_curse", to: Seat, } | { "kind": "pass" } | { "kind": "auto_pass" } | { "kind": "ability" } | { "kind": "pick", seat: Seat, } | { "kind": "choose", option: number, } | { "kind": "pay" } | { "kind": "decline" } | { "kind": "lose_die", die: number, } | { "kind": "catch_up", tiles: number, } | { "kind": "prepare", trade: number, buy: number, } | { "kind": "draft", cards: [number | null, number | null, number | null], } | { "kind": "place", tile: number, space: number, };
  export type BattleView = { purpose: Purpose, seek_winner: boolean, contenders: Array<Seat>, 
  /**
   * Each seat's last roll: 3 Double, 2 Single, 1 Skull, 0 none (as rolled).
   */
  faces: Array<number>, 
  /**
   * Each seat's last roll as it counts, after cards and abilities move it a rank (same numbers).
   */
  ranks: Array<number>, rolls: number, };
  export type Bid = { quantity: number, face: number, };
  export type BidMade = { seat: Seat, bid: Bid, };
  export type Cause = { "kind": "card", "of": number } | { "kind": "tile", "of": number } | { "kind": "betting_loss" } | { "kind": "exact_bet" } | { "kind": "sail" } | { "kind": "catch_up" } | { "kind": "curse_pass" } | { "kind": "ability" } | { "kind": "activation" } | { "kind": "purchase" } | { "kind": "empty_hand" } | { "kind": "deal" } | { "kind": "special_die" };
  export type Phase = "tile_deal" | "placement" | "deal" | "draft" | "shake" | "betting" | "sail_roll" | "sail_first" | "sail_battle" | "sail_second" | "action" | "catch_up" | "final_prepare" | "final_window" | "final_battle" | "over";
  export type Purpose = "tile" | "effect" | "pick" | "final";
  export type Question = { "kind": "reroll", seat: Seat, die: string, face: string, price: number, 
  /**
   * The card or tile whose effect an Action Die was rolled for (what its X and O mean).
   */
  cause?: Cause, } | { "kind": "pick", seat: Seat, candidates: Array<Seat>, 
  /**
   * The card or tile whose effect asks for the pick (a trial saw "pick P2" and did not know what for).
   */
  cause?: Cause, } | { "kind": "choose", seat: Seat, options: number, step: number, } | { "kind": "pay", seat: Seat, coins: number, step: number, } | { "kind": "lose_die", seat: Seat, dice: Array<number>, left: number, };
  export type Seat = number;
  export type Showdown = { caller: Seat, exact: boolean, bid: Bid, 
  /**
   * Who made the bet judged (the curse looks at it).
   */
  bettor: Seat, counted: number, winner: Seat, };
  export type SpiedCup = { seat: Seat, 
  /**
   * The first faces of that cup, in cup order.
   */
  faces: Array<number>, 
  /**
   * Their kinds (a special die looks like itself), empty when all are regular.
   */
  kinds?: Array<number>, };
  export type StackCard = { by: Seat | null, card: string, target: Seat | null, };
}
export type LyingPiratesView = LyingPirates.View;
export type LyingPiratesAction = LyingPirates.Action;

/** The types of `pirates-flag`: its `view` and its legal actions' `action`. */
export namespace PiratesFlag {
  export type View = { seat: Seat | null, phase?: Phase, round: number, 
  /**
   * The roll for first player (its last round, if ties rolled again): each seat's dice (0: not rolled yet);
   * empty before the first die.
   */
  roll_off?: Array<[number, number]>, active: Seat, 
  /**
   * Each ship's space (0: The Dread Sea).
   */
  positions: Array<number>, flag: Flag, first_taker?: Seat, 
  /**
   * Dice of the next movement roll.
   */
  movement_dice: number, 
  /**
   * Each player's captain (its place in the captain list), in seat order: only the captains dealt so far,
   * and whether each was used.
   */
  captains: Array<number>, captains_used?: SeatSet, hand_sizes: Array<number>, 
  /**
   * The viewer's cards (their places in the deck), sorted.
   */
  my_hand?: Array<number>, pile: number, 
  /**
   * Cards in the face-up discard pile.
   */
  discards: number, 
  /**
   * The discard pile's cards (their places in the deck), sorted: the pile is face up (ruling 48).
   */
  discard_pile?: Array<number>, 
  /**
   * Queued modifiers: `(player, scope, modifiers)` with scope 0 any roll, 1 movement, 2 battle.
   */
  modifiers?: Array<[Seat, number, Mods]>, stack?: Array<StackItem>, 
  /**
   * Frames open (2 while a roll just made waits for answers).
   */
  frames: number, rolls?: Array<Roll>, 
  /**
   * The last roll made: its dice stay on the table until the next.
   */
  last_rolls?: Array<Roll>, moving?: Move, 
  /**
   * The winner of a battle, choosing whether to roll to escape.
   */
  escaping?: Seat, priority?: Seat, 
  /**
   * Everyone but the priority holder has passed over the stack's top item: its pass lets the item resolve.
   */
  others_passed?: boolean, 
  /**
   * The players who declared auto-pass this turn (announced: ruling 47).
   */
  auto_passing?: SeatSet, 
  /**
   * The players who have played their one counted card this turn: only free cards are left to them until the
   * next turn (public: every card played is).
   */
  card_played?: SeatSet, main_done?: boolean, battle_right?: boolean, visiting?: SeatSet, traded?: SeatSet, silenced?: SeatSet, shielded?: SeatSet, winner?: Seat, };
  export type Action = { "type": "pass" } | { "type": "auto_pass" } | { "type": "roll" } | { "type": "battle" } | { "type": "play", card: number, target: Target, choice: number, } | { "type": "captain", target: Target, choice: number, } | { "type": "trade", discard: number, } | { "type": "go", dir: Dir, } | { "type": "stop" } | { "type": "descend" } | { "type": "escape" } | { "type": "no_escape" };
  export type Dir = "sea" | "far";
  export type Flag = { "at": "dread_ship" } | { "at": "carried", seat: Seat, } | { "at": "loose", space: number, };
  export type ItemKind = { "type": "card", card: number, captain: boolean, target: Target, choice: number, mirrored: boolean, } | { "type": "movement_roll", seat: Seat, escape: boolean, } | { "type": "battle", attacker: Seat, defender: Seat, ranged: boolean, ties: number, } | { "type": "roll_result" };
  export type Mods = { add: number, 
  /**
   * How many times the roll is doubled.
   */
  doubles: number, 
  /**
   * Every die shows this.
   */
  set: number | null, extra: number, 
  /**
   * The movement must go this way.
   */
  dir: Dir | null, };
  export type Move = { seat: Seat, 
  /**
   * Steps still to go.
   */
  left: number, dir: Dir | null, 
  /**
   * The direction of the last step (hazards use it).
   */
  last: Dir, 
  /**
   * A direction the movement must take (a card, Headwind).
   */
  forced: Dir | null, toward_flag: boolean, 
  /**
   * The mover may stop to battle (their own movement on their own turn).
   */
  battle_ok: boolean, 
  /**
   * The mover may pick a direction anew here (start, after a loose-flag pick-up, after a waterfall).
   */
  free: boolean, stop_ok: boolean, 
  /**
   * Waiting for the mover: the options are in `opts`.
   */
  pause: boolean, 
  /**
   * Go sea (1), go far (2), stop (4), descend (8).
   */
  opts: number, };
  export type Phase = "deal" | "start" | "play" | "over";
  export type Roll = { seat: Seat, dice: number, faces: [number, number, number], 
  /**
   * Dice rolled so far (a reroll starts again).
   */
  rolled: number, mods: Mods, adjust: number, };
  export type Seat = number;
  export type SeatSet = Array<number>;
  export type StackItem = { id: number, 
  /**
   * Who played it (`null`: the rules).
   */
  by: Seat | null, item: ItemKind, };
  export type Target = { "type": "none" } | { "type": "seat", seat: Seat, } | { "type": "item", id: number, } | { "type": "roll", index: number, };
}
export type PiratesFlagView = PiratesFlag.View;
export type PiratesFlagAction = PiratesFlag.Action;

/** The types of `pirate-haven`: its `view` and its legal actions' `action`. */
export namespace PirateHaven {
  export type View = { viewer: Viewer, round: number, phase: Phase, mover: Seat, reveal: boolean, map: Array<[number, number | null] | null>, pos: Array<number>, track: Array<Seat | null>, order: Array<Seat>, coup: Array<number>, coup_done: boolean, statues: Array<number>, statues_left: number, chest_top: number | null, chests: Array<number>, pool: [number, number, number], holding: string | null, islands: Array<{ [key in string]?: [number, Array<string>] }>, scores: Array<Score> | null, fame_now?: Array<Score>, };
  export type Action = { "type": "travel", slot: number, } | { "type": "leave" } | { "type": "take" } | { "type": "discard" } | { "type": "place_tile", cell: Cell, } | { "type": "place_item", at: Spot, } | { "type": "buy_chest" } | { "type": "pay", at: Spot, } | { "type": "place_chest", cell: Cell, } | { "type": "coup_spend", at: Spot, } | { "type": "coup_stop" } | { "type": "coup_raise", at: Spot, } | { "type": "reroll", at: Spot, } | { "type": "move_item", from: Spot, to: Spot, } | { "type": "move_tile", from: Cell, to: Cell, } | { "type": "skip" };
  export type Back = "travel" | "place_item";
  export type Cell = string;
  export type Item = "food" | "gold" | "ship" | "rum" | "cannon" | "pirate";
  export type Phase = { "phase": "lay", slot: number, } | { "phase": "roll", slot: number, } | { "phase": "travel" } | { "phase": "resolve" } | { "phase": "place_tile", kind: number, } | { "phase": "place_item" } | { "phase": "pay", left: number, back: Back, } | { "phase": "place_chest", kind: number, back: Back, } | { "phase": "coup_raise", die: Item, amount: number, } | { "phase": "coup_spend" } | { "phase": "reroll", die: Item, port: number, } | { "phase": "rerolling", at: Spot, } | { "phase": "relocate", port: number, } | { "phase": "over" };
  export type Score = { ships: number, rum: number, infrastructure: number, statues: number, first: number, 
  /**
   * The catch-up Fame variant's Fame (0 without it).
   */
  catch_up: number, total: number, 
  /**
   * Tie-breaks: Food pips, then Cannons.
   */
  food: number, cannons: number, };
  export type Seat = number;
  export type Spot = { cell: Cell, spot: number, };
  export type Viewer = { "seat": Seat } | "spectator";
}
export type PirateHavenView = PirateHaven.View;
export type PirateHavenAction = PirateHaven.Action;
