//! # Lying Pirates
//!
//! **Source:** *Lying Pirates: The Race for the Pirate Throne* (Nordic Pirate Games), rulebook title "Pirata
//! Codex", `shared/rulebooks/000_1b3b8f35b48988cc.txt`, with the publisher's FAQ. Rulings and the designed
//! content: `docs/rules/lying-pirates.md`; data: `data/lying-pirates/*.json` (embedded, parsed and checked).
//!
//! Captains race their ships round a ring of tiles. Each round: a **Betting Phase** (liar's dice, ones wild,
//! faces 2-6, raise / exact / liar; one winner, losers and survivors), a **Sail Phase** (the winner rolls the Sail
//! Die, winner and survivors sail 1 or 2 tiles, battle with Battle Dice, and the battle's winner resolves its
//! tile's event; gold cards in two windows) and an **Action Phase** (gold and silver cards, then the last ship may
//! sacrifice crew to catch up). The first ship home wins; ships home together fight the Final Battle.
//!
//! Two players play **Phantom mode**: a third captain, the Phantom (the captain after the players, with no seat),
//! whose dice count but who never bets, opens every Action Phase with a random card of its hidden hand, and sails
//! on round the map once home first, sinking the ships it catches.
//!
//! **Told events** ([`Event`]): every die with why it was rolled (a crew die to its owner alone; the Sail, Action
//! and Battle Dice to all), every call with all the cups it shows, every card with its target and what it did, every
//! move, gain and loss with its cause (a card or tile), and the Final Battle battle by battle. A card that changes
//! hands is named to the two captains who know it, and is "a card" to the rest.
//!
//! **Simplifications (this version):** the full deck (78 cards, 33 kinds) by default, the starter deck an option;
//! card windows give priority clockwise from the token holder; a captain losing its last regular die loses its least useful special die
//! (Ghost, then Mermaid, then Pirate King) without being asked.
//!
//! | option | default | meaning |
//! |---|---|---|
//! | `players` | 4 | 2 to 6 captains (2: Phantom mode) |
//! | `map` | `"base"` | `"base"` (14 spaces, 6 cards each) or `"extended"` (20 spaces, 7 cards each) |
//! | `setup` | `"first_game"` | the suggested layout of the map, or `"placement"`: tiles dealt and placed first |
//! | `deck` | `"full"` | the 78-card deck; `"starter"`: the 53-card starter set (17 kinds) |
//! | `phantom_hand` | `"random"` | Phantom mode: six silver cards dealt, or `"fixed"`: the six marked `phantom` |
//! | `max_rounds` | 200 | safety stop: the ship farthest ahead wins (ties share) |
//!
//! **Payoffs:** the winner 1 (shared on a tie at `max_rounds` or after 64 Final Battle battles), others 0; when the
//! Phantom wins, both players get 0.

mod action;
mod bot;
mod captains;
pub mod content;
mod effects;
mod encoding;
mod event;
mod flow;
mod odds;
mod options;
mod refusal;
mod ring;
mod state;
mod tensor;
mod text;
mod variants;
mod view;

pub use action::{face_name, Action, BattleFace, Chance, BLANK, SKULL};
pub use bot::Captain;
pub use captains::{captain_ids, Ability};
pub use content::{Content, Metal, Node};
pub use event::{Cause, Event, RerollDie, WonBy};
pub use flow::CursedCount;
pub use options::{DeckChoice, MapSize, Options, PhantomHand, Setup, MAX_PLAYERS, MIN_PLAYERS};
pub use state::{hand, Phase, Purpose, Showdown, State, Wait, DECK, DISCARD, STACK};
pub use variants::{variant_ids, Rules};
pub use view::{BattleView, Question, SpiedCup, StackCard, View};

use plunder_core::priority::Window;
use plunder_core::zones::{kinds, Zones};
use plunder_core::{
    Audience, Bot, BotKind, Facts, Game, OptionsError, Outcome, Piece, PlayError, Rng, Roster, Seat, SeatSet, Silent,
    Status, Teller, Utility, Viewer,
};

use crate::bidding::{Bid, BidLog, BidRules, Cups, RaiseRule, Wild, REGULAR};
use content::{ActionDie, Special, Timing};
use state::*;

/// Lying Pirates under one set of options, with its content.
#[derive(Clone, Debug)]
pub struct LyingPirates {
    options: Options,
    pub content: Content,
    pub(crate) rules: BidRules,
    /// Card kinds in the deck, with copies.
    deck: Vec<(u8, u8)>,
    /// The suggested layout, played when the setup is the first game's.
    layout: Vec<u8>,
    /// Tile spaces of the map (Start/End included).
    spaces: u8,
    pub(crate) cards_per_player: u8,
    /// The rule parameters after the variant cards.
    pub table: Rules,
    /// Each seat's captain's ability (the basic rules without option `captains`).
    pub abilities: [Ability; 6],
    /// Where each section of the observation tensor starts (from the options and content).
    offsets: tensor::Offsets,
}

/// A crew die's faces by kind, as (face, sixths).
pub fn die_faces(kind: u8) -> &'static [(u8, u32)] {
    match kind {
        1 => &[(1, 3), (6, 3)],
        2 => &[(1, 2), (6, 2), (BLANK, 2)],
        3 => &[(1, 3), (BLANK, 3)],
        4 => &[(2, 1), (3, 1), (4, 1), (5, 1), (SKULL, 2)],
        _ => &[(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1)],
    }
}

/// The kind of a card drawn uniformly from `zone`: each kind with probability its count over the zone's size,
/// as `chance_outcomes` lists it, counted off kind by kind ([`Zones::nth_kind`]) so that the draw depends on the
/// zone's kinds only. (It once walked the card ids: a determinized world keeps the true world's ids with new
/// kinds on the unseen cards, so once cards moved between zones the walk told apart worlds the searching seat
/// cannot. In a real game both walks give the same card: the deck is numbered kind by kind, and a card never
/// changes kind.)
fn nth_card(s: &State, zone: plunder_core::zones::ZoneId, rng: &mut Rng) -> u8 {
    let n = s.cards.count(zone);
    if n == 0 {
        return 0;
    }
    s.cards.nth_kind(zone, rng.below(n as u32) as usize).unwrap_or(0)
}

fn pick_weighted(rng: &mut Rng, faces: &[(u8, u32)]) -> u8 {
    let mut weights = [0u32; 8];
    for (i, &(_, w)) in faces.iter().enumerate() {
        weights[i] = w;
    }
    faces[rng.weighted(&weights[..faces.len()]).unwrap_or(0)].0
}

/// Steps a round can take at most, apart from buying cards and passing the Cursed Die (bounded over the game
/// below): the shake (60 dice), 300 bets and a call, the Sail Die with its reroll, the movers' battle (16 rolls of
/// 6 dice, offers and rerolls), the tile's event, three windows with at most 12 card plays (the allowance) each
/// resolving in at most 420 steps, passes, free draws and catching up.
const ROUND_STEPS: u64 = 60 + 301 + 3 + 16 * 18 + 420 + 3 * 6 + 12 * (420 + 7) + 12 + 7;
/// Decisions a round can take at most, apart from buying cards and passing the Cursed Die: [`ROUND_STEPS`]
/// without the shake's 60 dice. Every part of it counts the whole table's steps (the 60 dice of all cups, the
/// strictly rising bets over them, the twelve plays of all allowances, one pass per seat and change), so a round
/// takes it once, not once per captain.
const ROUND_DECISIONS: u64 = ROUND_STEPS - 60;
/// Decisions of one Final Battle at most: preparation, the twelve plays of the claimants' allowances for the
/// whole battle (one gold and one silver each), and per battle a window's passes and 16 rolls.
const FINAL_DECISIONS: u64 = 6 + 12 * (420 + 7) + MAX_FINAL_BATTLES as u64 * (7 + 6 + 16 * 18);
/// Coins gained in one round at most (winner 1, a tile 3, twelve cards 3 each), and crew dice.
const ROUND_COINS: u64 = 40;
const ROUND_CREW: u64 = 24;
/// Room for the setup's tiles (dealt and placed).
const TILE_SLOTS: u64 = 32;
/// One Final Battle: preparation, then at most 64 battles of a window (12 plays) and 16 rolls.
const FINAL_STEPS: u64 = 6 + MAX_FINAL_BATTLES as u64 * (12 * (420 + 7) + 6 + 16 * 18);

impl LyingPirates {
    pub fn players(&self) -> usize {
        self.options.players as usize
    }

    /// Captains at the table: the players, and the Phantom in Phantom mode (two players).
    pub fn captains(&self) -> usize {
        self.players() + usize::from(self.players() == 2)
    }

    /// The Phantom (Phantom mode): the captain after the players.
    pub fn phantom(&self) -> Option<Seat> {
        (self.captains() > self.players()).then_some(Seat(self.players() as u8))
    }

    /// Resolves the tile under `seat`'s ship as the Sail Phase's activation would (for tests and tools); play
    /// goes on to window S2.
    pub fn resolve_tile(&self, s: &mut State, seat: Seat) {
        self.resolve_tile_with(s, seat, &mut Silent);
    }

    /// [`LyingPirates::resolve_tile`], telling what happens.
    pub fn resolve_tile_with<T: Teller<Event>>(&self, s: &mut State, seat: Seat, told: &mut T) {
        s.phase = Phase::SailBattle;
        self.activate(s, seat, told);
        self.settle(s, told);
    }

    /// Opens a card window of `phase` (Sail, Action or Final Battle) on `s` (for tests and tools).
    pub fn open_window(&self, s: &mut State, phase: Phase) {
        self.open(s, phase, &mut Silent);
        self.settle(s, &mut Silent);
    }

    /// Ends the round where it stands and begins the next (for tests and tools).
    pub fn begin_round(&self, s: &mut State) {
        self.new_round(s, &mut Silent);
        self.settle(s, &mut Silent);
    }

    pub fn card_kind(&self, id: &str) -> Option<u8> {
        self.content.card_index(id)
    }

    /// The tile at race progress `p` ([`NONE`] on a space still open in the setup).
    pub fn tile_at(&self, s: &State, p: u8) -> u8 {
        s.layout[(p % s.ring) as usize]
    }

    /// Tiles in the box (Start/End and the event tiles), all dealt in the setup.
    fn tile_count(&self) -> u8 {
        self.content.tiles.len() as u8
    }

    /// Every tile not dealt yet.
    fn undealt_tiles(&self, s: &State) -> u32 {
        let held = s.tiles_held.iter().fold(0, |all, &h| all | h);
        let all = (1u32 << self.tile_count()) - 1;
        all & !held
    }

    fn window_phase(s: &State) -> bool {
        matches!(s.phase, Phase::SailFirst | Phase::SailSecond | Phase::Action | Phase::FinalWindow)
    }

    /// Whether card kind `card` may be played in the current window by `seat` (metal, phase, allowance).
    fn card_allowed(&self, s: &State, seat: Seat, card: u8) -> bool {
        let c = &self.content.cards[card as usize];
        let phase_ok = match s.phase {
            Phase::SailFirst | Phase::SailSecond => c.in_sail,
            Phase::Action => c.in_action,
            Phase::FinalWindow => c.final_battle,
            _ => false,
        };
        let used = match c.metal {
            Metal::Gold => s.gold_used,
            Metal::Silver => s.silver_used,
        };
        phase_ok && !used.contains(seat)
    }

    /// Every window action of the seat holding priority. Allocation-free.
    fn for_each_window_action(&self, s: &State, seat: Seat, mut f: impl FnMut(Action)) {
        f(Action::Pass);
        f(Action::AutoPass);
        let empty_stack = s.window.is_empty();
        // Only the kinds in the hand, lowest first (a window is asked for its actions at every pass).
        let mut kinds = s.cards.kinds_in(hand(seat));
        while kinds != 0 {
            let card = kinds.trailing_zeros() as u8;
            kinds &= kinds - 1;
            if card as usize >= self.content.cards.len() || !self.card_allowed(s, seat, card) {
                continue;
            }
            match self.content.cards[card as usize].timing {
                Timing::Response => {
                    if self.may_answer(s, seat, card) {
                        f(Action::Play { card, target: None });
                    }
                }
                Timing::Play if empty_stack => match self.content.declared_pick(card) {
                    Some(Node::Pick { from, range, .. }) => {
                        for t in self.group(s, from, range, Bind::of(seat), seat, SeatSet::EMPTY).0.iter() {
                            f(Action::Play { card, target: Some(t) });
                        }
                    }
                    _ => f(Action::Play { card, target: None }),
                },
                Timing::Play => {}
            }
        }
        if s.phase == Phase::FinalWindow {
            return;
        }
        if s.coins[seat.index()] >= self.card_price(seat) && s.cards.count(DECK) + s.cards.count(DISCARD) > 0 {
            f(Action::Buy);
        }
        // Nell's move: an Action Phase move of the last ship only (ruling 69); any tile anywhere was worth 10 points.
        let last = s.everyone().iter().all(|o| o == seat || s.progress[o.index()] > s.progress[seat.index()]);
        if empty_stack
            && s.phase == Phase::Action
            && last
            && self.abilities[seat.index()].once_move != 0
            && !s.ability_used.contains(seat)
        {
            f(Action::Ability);
        }
        if empty_stack
            && s.holds(seat, Special::Cursed as u8)
            && s.regular(seat) > self.abilities[seat.index()].curse_pass_cost
        {
            for to in s.everyone().iter() {
                if to != seat && !(self.action_phase(s) && s.progress[to.index()] == 0) {
                    f(Action::PassCurse { to });
                }
            }
        }
    }

    fn for_each_action(&self, s: &State, seat: Seat, mut f: impl FnMut(Action)) {
        let seat = self.actor(s, seat);
        if let Some(loss) = s.loss {
            let sheddable = s.sheddable(loss.who, self.table.min_regular_dice);
            (1..=4u8).filter(|&k| sheddable & (1 << k) != 0).for_each(|die| f(Action::LoseDie { die }));
            return;
        }
        match s.offer {
            Offer::Sail(_) | Offer::Action(_) => {
                f(Action::Reroll);
                f(Action::Keep);
                return;
            }
            Offer::Nothing => {}
        }
        if s.battle.active {
            f(Action::Reroll);
            f(Action::Keep);
            return;
        }
        if s.run.active() {
            match s.run.wait {
                Wait::Pick { candidates, .. } => candidates.iter().for_each(|t| f(Action::Pick { seat: t })),
                Wait::Choose { options, .. } => (0..options).for_each(|o| f(Action::Choose { option: o })),
                Wait::Pay { .. } => {
                    f(Action::Pay);
                    f(Action::Decline);
                }
                _ => {}
            }
            return;
        }
        match s.phase {
            Phase::Placement if seat == s.placer => {
                let held = s.tiles_held[seat.index()];
                for tile in (0..self.tile_count()).filter(|&t| held & (1 << t) != 0) {
                    for space in (1..s.ring).filter(|&p| s.layout[p as usize] == NONE) {
                        f(Action::Place { tile, space });
                    }
                }
            }
            Phase::Draft if !s.drafted.contains(seat) => {
                let mut counts = [0u32; 64];
                s.cards.kind_counts(hand(seat), &mut counts);
                let k = DRAFT_PASSES[s.draft_round as usize % DRAFT_PASSES.len()];
                for_each_draft(&mut counts, 0, k, [None; 3], 0, &mut f);
            }
            Phase::Betting => {
                let total = self.dice_in_phase(s);
                match s.bids.last() {
                    None => {
                        let cap = (s.counted.len() as u8).min(total);
                        self.rules.for_each_raise(None, cap, |b| f(Action::Bet { quantity: b.quantity, face: b.face }));
                    }
                    Some((_, last)) => {
                        self.rules.for_each_raise(Some(last), total, |b| {
                            f(Action::Bet { quantity: b.quantity, face: b.face })
                        });
                        // Liar before the exact bets: menus head with the calls in this order, liar first.
                        f(Action::Liar);
                        self.rules.for_each_exact(Some(last), total, |b| {
                            f(Action::Exact { quantity: b.quantity, face: b.face })
                        });
                    }
                }
            }
            Phase::CatchUp => (0..=self.catch_up_range(s, seat)).for_each(|t| f(Action::CatchUp { tiles: t })),
            Phase::FinalPrepare => {
                let (trades, most) = Self::prepare_choices(s, seat);
                for trade in 0..=trades {
                    for buy in 0..=most {
                        f(Action::Prepare { trade, buy });
                    }
                }
            }
            _ if Self::window_phase(s) => self.for_each_window_action(s, seat, f),
            _ => {}
        }
    }

    /// What `seat` may choose in the Final Battle preparation: how many of its special dice to trade (0 to the
    /// first returned, each die on its own: "trade each Special Crew Die"), and how many crew dice to buy (0 to
    /// the second).
    fn prepare_choices(s: &State, seat: Seat) -> (u8, u8) {
        let most = (s.coins[seat.index()] / DIE_PRICE).min(encoding::MOST_DICE_BOUGHT as u16) as u8;
        (s.specials(seat), most)
    }

    /// The secret commitments of the other captains still hidden from `seat` (an offer to catch up, a Final
    /// Battle preparation: made at once, shown only when all have chosen) are made anew, uniformly among the
    /// choices the rules gave them. Kept as they truly are, they would tell a search what `seat` cannot know.
    fn redo_hidden_commitments(&self, d: &mut State, seat: Seat, rng: &mut Rng) {
        match d.phase {
            Phase::CatchUp => {
                for other in d.catch_committed.iter().filter(|&o| o != seat) {
                    let range = self.catch_up_range(d, other);
                    d.catch_offers[other.index()] = rng.below(range as u32 + 1) as u8;
                }
            }
            Phase::FinalPrepare => {
                // The Phantom's preparation is the rules' (trade, buy nothing): public.
                let phantom = d.phantom();
                for other in d.prepared.iter().filter(|&o| o != seat && Some(o) != phantom) {
                    let (trades, most) = Self::prepare_choices(d, other);
                    let choice = rng.below((trades as u32 + 1) * (most as u32 + 1));
                    let (trade, buy) = (choice / (most as u32 + 1), choice % (most as u32 + 1));
                    d.prepare[other.index()] = (trade as u8, buy as u8);
                }
            }
            _ => {}
        }
    }

    /// What a card costs `seat` to buy: the table's price, or its captain's if cheaper.
    fn card_price(&self, seat: Seat) -> u16 {
        let table = self.table.card_price;
        self.abilities[seat.index()].card_price.map_or(table, |p| p.min(table))
    }

    fn draw_card<T: Teller<Event>>(&self, s: &mut State, card: u8, told: &mut T) {
        let (seat, n) = s.draw;
        let cause = s.draw_cause;
        let drawn = |card| Event::Drew { seat, card, cause };
        if s.is_phantom(seat) {
            told.public(|| drawn(None));
        } else {
            told.secret(seat, || drawn(Some(card)), || drawn(None));
        }
        let _ = s.cards.draw(self.draw_zone(s), card, hand(seat));
        s.draw.1 = n - 1;
    }

    /// The die whose reroll is offered now.
    pub(crate) fn offered_die(&self, s: &State) -> RerollDie {
        match (s.offer, s.run.wait) {
            (Offer::Sail(_), _) => RerollDie::Sail,
            (Offer::Action(_), _) => match self.content.node(s.run.frames[s.run.len.max(1) as usize - 1].node) {
                Node::Roll { die: ActionDie::Pirate, .. } => RerollDie::Pirate,
                _ => RerollDie::Treasure,
            },
            _ => RerollDie::Battle,
        }
    }

    /// The shake is over: the first bettor, the Phantom's cup to the player betting for it, Spyglass looks.
    pub(crate) fn tell_betting_begins<T: Teller<Event>>(&self, s: &State, told: &mut T) {
        told.public(|| Event::BettingBegins { first: s.to_bet });
        if let (Some(phantom), true) = (s.phantom(), s.proxy != NONE) {
            let proxy = Seat(s.proxy);
            told.tell(Audience::Only(proxy), || Event::PhantomCup {
                proxy,
                faces: s.cups.dice_of(phantom).to_vec(),
                kinds: event::special_kinds(s.cups.kinds_of(phantom)),
            });
        }
        for seat in Seat::all(s.seats()) {
            if let Some((of, faces)) = s.spied(seat) {
                told.tell(Audience::Only(seat), || Event::Spied {
                    seat,
                    of,
                    faces: faces.to_vec(),
                    kinds: event::special_kinds(&s.cups.kinds_of(of)[..faces.len()]),
                });
                // The table sees the look (a trial never learned that the Spyglass was used), not the dice.
                told.tell(Audience::AllBut(seat), || Event::Spied { seat, of, faces: Vec::new(), kinds: Vec::new() });
            }
        }
    }

    /// The captain whose decision is due and who is not asked itself: the Phantom, when a player stands in.
    fn phantom_asked(&self, s: &State) -> Option<Seat> {
        let phantom = s.phantom()?;
        let captain = match (s.offer, s.run.wait) {
            _ if s.loss.is_some() => s.loss.map(|loss| loss.who),
            (Offer::Sail(c) | Offer::Action(c), _) => Some(c),
            _ if s.battle.active => self.battle_offeree(s).filter(|_| s.battle.to_roll.is_empty()),
            (_, Wait::Pick { chooser: c, .. } | Wait::Choose { chooser: c, .. } | Wait::Pay { who: c, .. })
                if s.run.active() =>
            {
                Some(c)
            }
            _ if s.run.active() => None,
            _ => (s.phase == Phase::Betting).then_some(s.to_bet),
        };
        captain.filter(|&c| c == phantom)
    }

    /// The captain `seat` acts for now: itself, or the Phantom it stands in for.
    fn actor(&self, s: &State, seat: Seat) -> Seat {
        match self.phantom_asked(s) {
            Some(phantom) if s.proxy == seat.0 => phantom,
            _ => seat,
        }
    }

    /// The decision of `captain`, asked of the seat that decides for it.
    fn ask(s: &State, captain: Seat) -> Status {
        Status::Decide(SeatSet::only(s.controller(captain).unwrap_or(captain)))
    }
}

impl Game for LyingPirates {
    type Options = Options;
    type State = State;
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type Event = Event;

    const ID: &'static str = "lying-pirates";
    const NAME: &'static str = "Lying Pirates";

    fn new(options: Options) -> Result<Self, OptionsError> {
        options.check()?;
        let content = match &options.cards {
            None => Content::load()?,
            Some(cards) => {
                let cards = serde_json::to_string(cards).map_err(|e| OptionsError::new(e.to_string()))?;
                Content::parse(content::TILES_JSON, &cards, content::MAP_JSON)?
            }
        };
        let (_, spaces, cards_per_player) = *content
            .maps
            .iter()
            .find(|(id, ..)| id == options.map.id())
            .ok_or_else(|| OptionsError::new("lying-pirates data: no such map"))?;
        let layout = content
            .layouts
            .iter()
            .find(|(id, ..)| id == options.map.layout_id())
            .map(|l| l.2.clone())
            .ok_or_else(|| OptionsError::new("lying-pirates data: no layout for the map"))?;
        let deck: Vec<(u8, u8)> = content
            .cards
            .iter()
            .enumerate()
            .filter(|(_, c)| options.deck == DeckChoice::Full || c.starter)
            .map(|(k, c)| (k as u8, c.copies))
            .collect();
        let total: usize = deck.iter().map(|&(_, c)| c as usize).sum();
        let phantom_cards = if options.players == 2 { PHANTOM_HAND as usize } else { 0 };
        let dealt = options.players as usize * cards_per_player as usize + phantom_cards;
        if total > MAX_CARDS || total < dealt {
            let phantom = if phantom_cards > 0 { format!(" and the Phantom's {phantom_cards}") } else { String::new() };
            return Err(OptionsError::new(format!(
                "lying-pirates data: the deck has {total} cards; it must hold from {dealt} ({} players' {cards_per_player} \
                 each on this map{phantom}) to {MAX_CARDS}",
                options.players
            )));
        }
        if content.tiles.len() > 32 || (spaces as usize) > content.tiles.len() || spaces as usize != layout.len() {
            return Err(OptionsError::new("lying-pirates data: the tiles do not fit the map"));
        }
        let rules =
            BidRules { faces: 6, wild: Wild::Ones, wild_biddable: false, min_face: 2, raise: RaiseRule::QuantityMajor };
        let in_deck = |kind: usize| deck.iter().any(|&(k, _)| k as usize == kind);
        let fixed: Vec<usize> = (0..content.cards.len()).filter(|&k| content.cards[k].phantom).collect();
        // Only Phantom mode's fixed hand deals them (two players).
        let phantom_deal = options.players == 2 && options.phantom_hand == PhantomHand::Fixed;
        if phantom_deal
            && (fixed.len() != PHANTOM_HAND as usize
                || fixed.iter().any(|&k| content.cards[k].metal != Metal::Silver || !in_deck(k)))
        {
            return Err(OptionsError::new("lying-pirates data: the Phantom's cards are six silver cards of the deck"));
        }
        let silver: usize = deck
            .iter()
            .filter(|&&(k, _)| content.cards[k as usize].metal == Metal::Silver)
            .map(|&(_, c)| c as usize)
            .sum();
        if options.players == 2 && options.phantom_hand == PhantomHand::Random && silver < PHANTOM_HAND as usize {
            return Err(OptionsError::new(format!(
                "lying-pirates data: the Phantom is dealt six silver cards, and the deck has {silver}"
            )));
        }
        let table = Rules::with_variants(&options.variants)?;
        let abilities = captains::abilities(&options.captains, options.players as usize)?;
        let mut game = LyingPirates {
            options,
            content,
            rules,
            deck,
            layout,
            spaces,
            cards_per_player,
            table,
            abilities,
            offsets: tensor::Offsets::default(),
        };
        game.offsets = game.tensor_offsets();
        Ok(game)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn options_for_players(players: usize) -> Options {
        Options::for_players(players as u8)
    }

    fn sample_options(players: usize, rng: &mut Rng) -> Options {
        Options::sample(players.min(u8::MAX as usize) as u8, rng)
    }

    fn seats(&self) -> usize {
        self.players()
    }

    fn initial_state(&self) -> State {
        let n = self.players();
        let phantom_mode = n == 2;
        let captains = self.captains();
        let mut cards: Cards = Zones::new(n, &card_zones(n, phantom_mode)).expect("the card zones fit");
        for &(kind, copies) in &self.deck {
            let card = &self.content.cards[kind as usize];
            let (zone, copies) = match (phantom_mode, self.options.phantom_hand) {
                // The Phantom's six, one of each; the other copies go to the deck.
                (true, PhantomHand::Fixed) if card.phantom => {
                    cards.add(kind, 1, hand(Seat(n as u8))).expect("the Phantom's hand fits");
                    // Which six it holds is in the rulebook: every player knows them.
                    let dealt = cards.find(hand(Seat(n as u8)), kind).expect("just added");
                    cards.show(dealt, SeatSet::first(n));
                    (DECK, copies as usize - 1)
                }
                (true, PhantomHand::Random) if card.metal == Metal::Silver => (silver_pile(n as u8), copies as usize),
                _ => (DECK, copies as usize),
            };
            cards.add(kind, copies, zone).expect("the deck fits (checked in new)");
        }
        let mut layout = [NONE; 32];
        let placement = self.options.setup == Setup::Placement;
        if !placement {
            layout[..self.layout.len()].copy_from_slice(&self.layout);
        }
        let crew = self.table.starting_crew;
        let cups = Cups::<MAX_CUP>::new(&vec![crew; captains]);
        let mut s = State {
            phase: if placement { Phase::TileDeal } else { Phase::Deal },
            round: 0,
            players: n as u8,
            captains: captains as u8,
            out: SeatSet::EMPTY,
            proxy: NONE,
            phantom_due: false,
            lapping: false,
            cups,
            shown: cups,
            revealed: false,
            bag: CREW_DICE - crew * captains as u8,
            cup_limit: self.abilities.map(|a| a.cup_limit),
            coins: [self.table.starting_coins; 6],
            progress: [0; 6],
            ring: self.spaces,
            layout,
            tiles_held: [0; 6],
            tiles_dealt: 0,
            placer: Seat(0),
            draft_round: 0,
            drafted: SeatSet::EMPTY,
            draft_picks: [[None; 3]; 6],
            token: Seat(0),
            clockwise: true,
            in_phase: SeatSet::EMPTY,
            counted: SeatSet::EMPTY,
            sit_out_next: SeatSet::EMPTY,
            shake: (NONE, 0),
            // Every bid of a round: quantities up to 60 dice on five faces.
            bids: BidLog::with_capacity(60 * 5 + 1),
            to_bet: Seat(0),
            showdown: None,
            winner: None,
            movers: SeatSet::EMPTY,
            sail: 0,
            cards,
            window: Window::closed(n),
            gold_used: SeatSet::EMPTY,
            silver_used: SeatSet::EMPTY,
            rerolled: SeatSet::EMPTY,
            auto_pass: SeatSet::EMPTY,
            up: SeatSet::EMPTY,
            down: SeatSet::EMPTY,
            ward: SeatSet::EMPTY,
            ability_used: SeatSet::EMPTY,
            spy_next: [(NONE, 0); 6],
            spying: [(NONE, 0); 6],
            run: Run::idle(),
            battle: Battle::none(),
            battle_main_roll: false,
            offer: Offer::Nothing,
            loss: None,
            losers_owing: SeatSet::EMPTY,
            draw: (Seat(0), 0),
            draw_cause: Cause::Deal,
            catch_tied: SeatSet::EMPTY,
            catch_committed: SeatSet::EMPTY,
            catch_offers: [0; 6],
            claimants: SeatSet::EMPTY,
            fb_crew: [0; 6],
            prepared: SeatSet::EMPTY,
            prepare: [(0, 0); 6],
            battles: 0,
            stopped_by_limit: false,
            winners: SeatSet::EMPTY,
        };
        for seat in Seat::all(n) {
            if let Some(kind) = self.abilities[seat.index()].setup_special {
                s.take_special(seat, kind);
            }
        }
        self.settle(&mut s, &mut Silent);
        s
    }

    fn status(&self, s: &State) -> Status {
        if s.phase == Phase::Over {
            return Status::Over;
        }
        if let Some(loss) = s.loss {
            return Self::ask(s, loss.who);
        }
        if s.draw.1 > 0 || s.phantom_due {
            return Status::Chance;
        }
        if let Offer::Sail(seat) | Offer::Action(seat) = s.offer {
            return Self::ask(s, seat);
        }
        if s.battle.active {
            if !s.battle.to_roll.is_empty() {
                return Status::Chance;
            }
            if let Some(seat) = self.battle_offeree(s) {
                return Self::ask(s, seat);
            }
        }
        if s.run.active() {
            match s.run.wait {
                Wait::Die { .. } | Wait::Steal { .. } => return Status::Chance,
                Wait::Pick { chooser: c, .. } | Wait::Choose { chooser: c, .. } | Wait::Pay { who: c, .. } => {
                    return Self::ask(s, c)
                }
                Wait::Nothing => {}
            }
        }
        match s.phase {
            Phase::Shake | Phase::SailRoll | Phase::Deal | Phase::TileDeal => Status::Chance,
            Phase::Placement => Status::Decide(SeatSet::only(s.placer)),
            Phase::Draft => Status::Decide(s.players_in().minus(s.drafted)),
            Phase::Betting => Self::ask(s, s.to_bet),
            Phase::CatchUp => Status::Decide(s.catch_tied.minus(s.catch_committed)),
            Phase::FinalPrepare => Status::Decide(s.claimants.minus(s.prepared)),
            _ => match s.window.holder() {
                Some(seat) => Status::Decide(SeatSet::only(seat)),
                None => Status::Over,
            },
        }
    }

    fn is_pass(&self, action: &Action) -> bool {
        matches!(action, Action::Pass | Action::AutoPass)
    }

    fn legal_actions(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        self.for_each_action(s, seat, |a| out.push(a));
    }

    fn check_action(&self, s: &State, seat: Seat, action: &Action) -> Result<(), PlayError> {
        let mut found = false;
        self.for_each_action(s, seat, |a| found |= a == *action);
        if found {
            return Ok(());
        }
        match self.refusal(s, self.actor(s, seat), action) {
            Some(why) => Err(PlayError::illegal(why)),
            None => Err(PlayError::illegal(format!("{action} is not a legal action now"))),
        }
    }

    fn apply_with<T: Teller<Self::Event>>(&self, s: &mut State, seat: Seat, action: &Action, told: &mut T) {
        let seat = self.actor(s, seat);
        match *action {
            Action::Reroll | Action::Keep => {
                let reroll = *action == Action::Reroll;
                if reroll {
                    let decisive = match s.offer {
                        Offer::Sail(_) => true,
                        Offer::Action(_) => false,
                        Offer::Nothing => s.battle.purpose == Purpose::Final,
                    };
                    let price = self.abilities[seat.index()].reroll_price(decisive);
                    s.coins[seat.index()] -= price;
                    s.rerolled.insert(seat);
                    told.public(|| Event::Rerolled { seat, die: self.offered_die(s), price });
                } else {
                    told.public(|| Event::Kept { seat, die: self.offered_die(s) });
                }
                match s.offer {
                    Offer::Sail(_) => {
                        s.offer = Offer::Nothing;
                        if reroll {
                            s.sail = 0;
                        } else {
                            self.sail_move(s, told);
                        }
                    }
                    Offer::Action(_) => {
                        s.offer = Offer::Nothing;
                        if reroll {
                            s.run.top().step = 0;
                        }
                    }
                    Offer::Nothing => {
                        s.battle.offers.remove(seat);
                        if reroll {
                            s.battle.to_roll.insert(seat);
                        }
                    }
                }
            }
            Action::Pick { seat: t } => {
                s.run.wait = Wait::Nothing;
                let cause = s.run.source;
                told.public(|| Event::Picked { chooser: seat, seat: t, cause });
                if let Node::Pick { then, .. } = self.content.node(s.run.top().node) {
                    s.run.top().bind.target = t.0;
                    s.run.replace(then);
                }
            }
            Action::Choose { option } => {
                s.run.wait = Wait::Nothing;
                let cause = s.run.source;
                let step = s.run.top().node;
                told.public(|| Event::Chose { seat, option, step, cause });
                if let Node::Choose { first, .. } = self.content.node(s.run.top().node) {
                    s.run.replace(self.content.kid(first, option as u16));
                }
            }
            Action::LoseDie { die } => self.shed(s, seat, die, told),
            Action::Pay | Action::Decline => {
                s.run.wait = Wait::Nothing;
                let cause = s.run.source;
                match self.content.node(s.run.top().node) {
                    Node::Pay { coins, then, .. } if *action == Action::Pay => {
                        s.coins[seat.index()] -= coins as u16;
                        told.public(|| Event::Paid { seat, coins, cause });
                        s.run.replace(then);
                    }
                    Node::Pay { coins, .. } => {
                        told.public(|| Event::Declined { seat, coins, cause });
                        s.run.pop();
                    }
                    _ => s.run.pop(),
                }
            }
            Action::Bet { quantity, face } => {
                let bid = Bid { quantity, face };
                s.bids.push(seat, bid);
                told.public(|| Event::Bet { seat, bid });
                s.to_bet = s.first_from(s.in_phase, s.next_in_direction(seat)).unwrap_or(seat);
            }
            Action::Exact { quantity, face } => self.call(s, seat, Some(Bid { quantity, face }), told),
            Action::Liar => self.call(s, seat, None, told),
            Action::Play { card, target } => {
                told.public(|| Event::Played { seat, card, target });
                if let Some(id) = s.cards.find(hand(seat), card) {
                    let _ = s.cards.move_card(id, STACK);
                }
                match self.content.cards[card as usize].metal {
                    Metal::Gold => s.gold_used.insert(seat),
                    Metal::Silver => s.silver_used.insert(seat),
                }
                let answers = if self.content.cards[card as usize].timing == Timing::Response {
                    (s.window.len() - 1) as u8
                } else {
                    NONE
                };
                let item = Item { card, target: target.map_or(NONE, |t| t.0), answers, immune: SeatSet::EMPTY };
                let _ = s.window.respond(seat, item);
            }
            Action::Buy => {
                let price = self.card_price(seat);
                s.coins[seat.index()] -= price;
                told.public(|| Event::Bought { seat, price });
                s.draw = (seat, 1);
                s.draw_cause = Cause::Purchase;
                let _ = s.window.act(seat);
            }
            Action::PassCurse { to } => {
                let cost = self.abilities[seat.index()].curse_pass_cost;
                s.sacrifice(seat, cost);
                told.public(|| Event::CursePassed { seat, to, cost });
                let now = s.cups.count(seat);
                told.public(|| Event::CrewLost { seat, dice: cost, now, thief: None, cause: Cause::CursePass });
                self.take_special(s, to, Special::Cursed as u8, Cause::CursePass, told);
                let _ = s.window.act(seat);
            }
            Action::Ability => {
                s.ability_used.insert(seat);
                told.public(|| Event::AbilityUsed { seat });
                self.sail_ship(s, seat, self.abilities[seat.index()].once_move, Cause::Ability, told);
                let _ = s.window.act(seat);
            }
            Action::Pass => {
                told.public(|| Event::Passed { seat });
                let _ = s.window.pass(seat);
            }
            Action::AutoPass => {
                told.public(|| Event::AutoPassed { seat });
                s.auto_pass.insert(seat);
                s.window.auto_pass(seat);
            }
            Action::CatchUp { tiles } => self.catch_up_offer(s, seat, tiles, told),
            Action::Prepare { trade, buy } => self.prepare(s, seat, trade, buy, told),
            Action::Place { tile, space } => self.place_tile(s, seat, tile, space, told),
            Action::Draft { cards } => self.draft_pick(s, seat, cards, told),
        }
        self.settle(s, told);
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Chance, f64)>) {
        let mut counts = [0u32; 64];
        let mut cards = |zone, out: &mut Vec<(Chance, f64)>| {
            s.cards.kind_counts(zone, &mut counts);
            let total: u32 = counts.iter().sum();
            for (k, &c) in counts.iter().enumerate() {
                if c > 0 {
                    out.push((Chance::Card { card: k as u8 }, c as f64 / total as f64));
                }
            }
        };
        if s.draw.1 > 0 {
            return cards(self.draw_zone(s), out);
        }
        if let Some(phantom) = s.phantom().filter(|_| s.phantom_due) {
            return cards(hand(phantom), out);
        }
        if s.battle.active && !s.battle.to_roll.is_empty() {
            if let Some(seat) = self.next_battle_roller(s) {
                for face in BattleFace::ALL {
                    out.push((Chance::Battle { seat, face }, face.weight() as f64 / 8.0));
                }
            }
            return;
        }
        if s.run.active() {
            match s.run.wait {
                Wait::Die { die, .. } => {
                    let x = match die {
                        ActionDie::Pirate => 2.0 / 6.0,
                        ActionDie::Treasure => 3.0 / 6.0,
                    };
                    out.push((Chance::Action { die, x: true }, x));
                    out.push((Chance::Action { die, x: false }, 1.0 - x));
                    return;
                }
                Wait::Steal { from, .. } => return cards(hand(from), out),
                _ => {}
            }
        }
        match s.phase {
            Phase::Shake => {
                let seat = Seat(s.shake.0);
                let kind = s.cups.kinds_of(seat)[s.shake.1 as usize];
                for &(face, w) in die_faces(kind) {
                    out.push((Chance::Die { seat, face }, w as f64 / 6.0));
                }
            }
            Phase::SailRoll => {
                out.push((Chance::Sail { face: 1 }, 0.5));
                out.push((Chance::Sail { face: 2 }, 0.5));
            }
            Phase::TileDeal => {
                let undealt = self.undealt_tiles(s);
                let p = 1.0 / undealt.count_ones() as f64;
                for tile in (0..self.tile_count()).filter(|&t| undealt & (1 << t) != 0) {
                    out.push((Chance::Tile { tile }, p));
                }
            }
            _ => {}
        }
    }

    fn sample_chance(&self, s: &State, rng: &mut Rng) -> Chance {
        if s.draw.1 > 0 {
            return Chance::Card { card: nth_card(s, self.draw_zone(s), rng) };
        }
        if let Some(phantom) = s.phantom().filter(|_| s.phantom_due) {
            return Chance::Card { card: nth_card(s, hand(phantom), rng) };
        }
        if s.battle.active && !s.battle.to_roll.is_empty() {
            let seat = self.next_battle_roller(s).unwrap_or(Seat(0));
            let face = match rng.below(8) {
                0..=1 => BattleFace::Double,
                2..=4 => BattleFace::Single,
                _ => BattleFace::Skull,
            };
            return Chance::Battle { seat, face };
        }
        if s.run.active() {
            match s.run.wait {
                Wait::Die { die, .. } => {
                    let x = rng.below(6) < if die == ActionDie::Pirate { 2 } else { 3 };
                    return Chance::Action { die, x };
                }
                Wait::Steal { from, .. } => return Chance::Card { card: nth_card(s, hand(from), rng) },
                _ => {}
            }
        }
        match s.phase {
            Phase::Shake => {
                let seat = Seat(s.shake.0);
                let kind = s.cups.kinds_of(seat)[s.shake.1 as usize];
                let face = if kind == REGULAR { rng.die(6) } else { pick_weighted(rng, die_faces(kind)) };
                Chance::Die { seat, face }
            }
            Phase::TileDeal => {
                let undealt = self.undealt_tiles(s);
                let mut pick = rng.below(undealt.count_ones());
                let mut tile = 0;
                for t in (0..self.tile_count()).filter(|&t| undealt & (1 << t) != 0) {
                    tile = t;
                    if pick == 0 {
                        break;
                    }
                    pick -= 1;
                }
                Chance::Tile { tile }
            }
            _ => Chance::Sail { face: 1 + rng.below(2) as u8 },
        }
    }

    fn check_chance(&self, s: &State, outcome: &Chance) -> Result<(), PlayError> {
        let mut outcomes = Vec::new();
        self.chance_outcomes(s, &mut outcomes);
        if outcomes.is_empty() {
            return Err(PlayError::NoChancePending);
        }
        if outcomes.iter().any(|(o, _)| o == outcome) {
            Ok(())
        } else {
            Err(PlayError::illegal_chance(format!("{outcome} cannot happen now; expected like {}", outcomes[0].0)))
        }
    }

    fn apply_chance_with<T: Teller<Self::Event>>(&self, s: &mut State, outcome: &Chance, told: &mut T) {
        match *outcome {
            Chance::Card { card } => {
                if s.draw.1 > 0 {
                    self.draw_card(s, card, told);
                } else if s.phantom_due {
                    self.phantom_plays(s, card, told);
                } else if let Wait::Steal { from, to } = s.run.wait {
                    let cause = s.run.source;
                    told.public(|| Event::CardTaken { from, to, cause });
                    if let Ok(id) = s.cards.draw(hand(from), card, hand(to)) {
                        s.cards.show(id, SeatSet::only(from));
                        for seat in [from, to] {
                            told.tell(Audience::Only(seat), || Event::TakenCard { from, to, card });
                        }
                    }
                    s.run.wait = Wait::Nothing;
                    s.run.pop();
                }
            }
            Chance::Battle { seat, face } => self.battle_die(s, seat, face, told),
            Chance::Action { die, x } => {
                if let Wait::Die { roller, .. } = s.run.wait {
                    let cause = s.run.source;
                    told.public(|| Event::ActionDie { seat: roller, die, x, cause });
                    s.run.wait = Wait::Nothing;
                    let top = s.run.top();
                    top.val = if x { 1 } else { 2 };
                    top.step = 1;
                    if self.may_reroll(s, roller, false) {
                        s.offer = Offer::Action(roller);
                    }
                }
            }
            Chance::Die { face, .. } => self.shake_die(s, face, told),
            Chance::Tile { tile } => self.deal_tile(s, tile, told),
            Chance::Sail { face } => self.sail_rolled(s, face, told),
        }
        self.settle(s, told);
    }

    fn view(&self, s: &State, viewer: Viewer) -> View {
        view::view(self, s, viewer)
    }

    fn determinize(&self, s: &State, seat: Seat, rng: &mut Rng) -> State {
        let mut d = s.clone();
        // The Phantom's dice are known to the player betting for it (ruling 72).
        let seen = |o: Seat| o == seat || (s.is_phantom(o) && s.proxy == seat.0 && s.phase != Phase::Shake);
        for owner in Seat::all(s.captains()).filter(|&o| !seen(o)) {
            for i in 0..s.cups.count(owner) as usize {
                let kind = s.cups.kinds_of(owner)[i];
                d.cups.set(owner, i, pick_weighted(rng, die_faces(kind)));
            }
        }
        // Spyglass: the faces this seat has seen stay as they are.
        if let Some((of, faces)) = s.spied(seat) {
            for (i, &face) in faces.iter().enumerate() {
                d.cups.set(of, i, face);
            }
        }
        // A random Phantom hand, and the pile it is dealt from, hold silver cards only: public, and kept.
        match s.phantom() {
            Some(phantom) if self.options.phantom_hand == PhantomHand::Random => {
                let zones = 1u64 << hand(phantom) | 1u64 << silver_pile(s.players);
                let silver = |kind: u8| self.content.cards.get(kind as usize).is_some_and(|c| c.metal == Metal::Silver);
                d.cards.determinize_restricted(seat, rng, zones, silver);
            }
            _ => d.cards.determinize(seat, rng),
        }
        redraft_hidden_picks(&mut d, seat, rng);
        self.redo_hidden_commitments(&mut d, seat, rng);
        deal_hidden_tiles(&mut d, seat, rng);
        d
    }

    /// A safety stop ended the game: `max_rounds` (ruling 50) or the Final Battle's 64 battles (ruling 52).
    fn truncated(&self, s: &State) -> bool {
        s.phase == Phase::Over && s.stopped_by_limit
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        // The Phantom's share of a win is nobody's: when it wins, both players get 0.
        (s.phase == Phase::Over).then(|| {
            let mut payoffs = Vec::with_capacity(self.players());
            Outcome::shared_win_payoffs(s.winners, s.captains(), &mut payoffs);
            payoffs.truncate(self.players());
            Outcome { winners: s.winners.minus(s.phantom().map_or(SeatSet::EMPTY, SeatSet::only)), payoffs }
        })
    }

    /// The cards in the captain's hand, the tiles it holds face down while the map is laid out, and its
    /// Captain Coaster (by id).
    fn pieces_held<'a>(&'a self, s: &State, seat: Seat, out: &mut Vec<Piece<'a>>) {
        let cards = kinds(s.cards.kinds_in(hand(seat))).filter_map(|k| self.content.cards.get(k as usize));
        out.extend(cards.map(|card| Piece { kind: "card", name: &card.name }));
        let held = s.tiles_held.get(seat.index()).copied().unwrap_or(0);
        let tiles = kinds(held as u64).filter_map(|t| self.content.tiles.get(t as usize));
        out.extend(tiles.map(|tile| Piece { kind: "tile", name: &tile.name }));
        // A seat's captain (option `captains`) is dealt to it for the whole game.
        if let Some(captain) = self.options.captains.get(seat.index()) {
            out.push(Piece { kind: "captain", name: captain });
        }
    }

    fn round(&self, s: &State) -> u32 {
        s.round.max(1)
    }

    /// Captains whose cups emptied under Instant Death.
    fn out(&self, s: &State) -> SeatSet {
        s.out
    }

    /// Crew dice and cards are conserved; cups keep their limits and a regular die; each special die is in one cup
    /// at most; the Final Battle's crew counts belong to its claimants.
    fn check_invariants(&self, s: &State) -> Result<(), String> {
        let regular: u32 = Seat::all(s.captains()).map(|p| s.regular(p) as u32).sum();
        if regular + s.bag as u32 != CREW_DICE as u32 {
            return Err(format!("{regular} crew dice in cups and {} in the bag, not {CREW_DICE}", s.bag));
        }
        let deck: usize = self.deck.iter().map(|&(_, c)| c as usize).sum();
        if s.cards.len() != deck {
            return Err(format!("{} cards, not {deck}", s.cards.len()));
        }
        for p in Seat::all(s.captains()) {
            if s.cups.count(p) > s.cup_limit[p.index()] {
                return Err(format!("{p} holds {} dice, over its limit", s.cups.count(p)));
            }
            let keep = self.table.min_regular_dice;
            if keep > 0 && s.regular(p) == 0 && s.cups.count(p) > 0 && s.specials(p) > 1 {
                return Err(format!("{p} has no regular die but more than one special die"));
            }
            if s.out.contains(p) && (s.cups.count(p) > 0 || s.cards.count(hand(p)) > 0) {
                return Err(format!("{p} is out of the game but holds dice or cards"));
            }
            let home_lap = if s.lapping && s.is_phantom(p) { 2 } else { 1 };
            if s.progress[p.index()] > home_lap * s.ring {
                return Err(format!("{p} sailed past Start/End"));
            }
        }
        for kind in 1..=4u8 {
            let holders = Seat::all(s.captains()).filter(|&p| s.holds(p, kind)).count();
            if holders > 1 {
                return Err(format!("special die {kind} in {holders} cups"));
            }
        }
        if Seat::all(s.captains()).any(|p| !s.claimants.contains(p) && s.fb_crew[p.index()] > 0) {
            return Err("Final Battle crew outside the claimants".into());
        }
        Ok(())
    }

    /// Its own observation tensor (`tensor.rs`); the information state is the core's (the observation and the
    /// seat's own action counts).
    fn tensor_len(&self, kind: plunder_core::TensorKind) -> Option<usize> {
        (kind == plunder_core::TensorKind::Observation).then(|| self.tensor_size())
    }

    fn tensor_layout(&self, kind: plunder_core::TensorKind) -> Option<plunder_core::TensorLayout> {
        (kind == plunder_core::TensorKind::Observation).then(|| self.tensor_sections())
    }

    fn write_tensor(&self, view: &View, kind: plunder_core::TensorKind, out: &mut [f32]) {
        self.tensor(view, kind, out)
    }

    fn write_seat_tensor(&self, state: &State, seat: Seat, kind: plunder_core::TensorKind, out: &mut [f32]) -> bool {
        self.seat_tensor(state, seat, kind, out);
        true
    }

    fn action_space(&self) -> Option<Vec<Action>> {
        Some(self.action_list())
    }

    fn action_index(&self, action: &Action) -> Option<usize> {
        self.index_of(action)
    }

    fn facts(&self) -> Facts {
        let rounds = self.options.max_rounds as u64;
        let players = self.players() as u64 + u64::from(self.players() == 2);
        // Buying: every buy spends 2 coins (1 action, 1 draw, passes); passing the Cursed Die spends 2 crew.
        let coins = self.table.starting_coins as u64 * players + rounds * ROUND_COINS;
        let crew = 10 * players + rounds * ROUND_CREW;
        let per_change = 2 + 2 * players;
        Facts {
            min_players: MIN_PLAYERS as usize,
            max_players: MAX_PLAYERS as usize,
            min_payoff: 0.0,
            max_payoff: 1.0,
            // In Phantom mode the Phantom may win, and then both players get 0.
            utility: if self.players() == 2 { Utility::GeneralSum } else { Utility::ConstantSum { total: 1.0 } },
            // The setup: 21 tiles dealt, at most 20 placed.
            max_steps: 60
                + players
                + 2 * TILE_SLOTS
                + rounds * ROUND_STEPS * players
                + (coins / self.table.card_price as u64 + crew / CURSE_PASS_COST as u64) * per_change
                + FINAL_STEPS,
            // The same parts as `max_steps` without the chance steps that are not decisions (the tiles dealt,
            // the shakes), and each round's decisions counted once for the table (see `ROUND_DECISIONS`).
            max_decisions: 60
                + players
                + TILE_SLOTS
                + rounds * ROUND_DECISIONS
                + (coins / self.table.card_price as u64 + crew / CURSE_PASS_COST as u64) * per_change
                + FINAL_DECISIONS,
            chance: true,
            hidden_information: true,
            simultaneous: true,
        }
    }
}

impl Roster for LyingPirates {
    fn own_bot_kinds() -> Vec<BotKind> {
        vec![BotKind { name: "captain", about: "bets by the odds of the unseen dice and plays its cards sensibly" }]
    }

    fn make_own_bot(name: &str, seed: u64) -> Option<Box<dyn Bot<Self>>> {
        (name == "captain").then(|| Box::new(Captain::new(seed)) as Box<dyn Bot<Self>>)
    }
}

/// Calls `f` with every multiset of `k` card kinds from `counts` (kinds from `from` on), lowest kind first.
fn for_each_draft(
    counts: &mut [u32; 64],
    from: usize,
    k: u8,
    chosen: [Option<u8>; 3],
    len: usize,
    f: &mut impl FnMut(Action),
) {
    if len == k as usize {
        f(Action::Draft { cards: chosen });
        return;
    }
    for kind in from..counts.len() {
        if counts[kind] > 0 {
            counts[kind] -= 1;
            let mut next = chosen;
            next[len] = Some(kind as u8);
            for_each_draft(counts, kind, k, next, len + 1, f);
            counts[kind] += 1;
        }
    }
}

/// The other captains' draft choices, hidden from `seat`, are made anew from their redealt hands.
fn redraft_hidden_picks(d: &mut State, seat: Seat, rng: &mut Rng) {
    if d.phase != Phase::Draft {
        return;
    }
    let k = DRAFT_PASSES[d.draft_round as usize % DRAFT_PASSES.len()] as usize;
    for other in d.drafted.iter().filter(|&o| o != seat) {
        // The redealt hand's kinds lowest first: an order the redealt hand alone decides. (In the order the
        // cards arrived, the redealt kinds would follow the true hand's card ids, which the seat does not know.)
        let mut held = [0u8; MAX_CARDS];
        let mut n = 0;
        for kind in kinds(d.cards.kinds_in(hand(other))) {
            for _ in 0..d.cards.count_kind(hand(other), kind) {
                held[n] = kind;
                n += 1;
            }
        }
        let mut pick = [None; 3];
        for (i, slot) in pick.iter_mut().enumerate().take(k.min(n)) {
            let j = i + rng.index(n - i);
            held.swap(i, j);
            *slot = Some(held[i]);
        }
        pick[..k.min(n)].sort_unstable();
        d.draft_picks[other.index()] = pick;
    }
}

/// Redeals the tiles the other captains hold face down (setup) at random among them, each keeping its count.
fn deal_hidden_tiles(d: &mut State, seat: Seat, rng: &mut Rng) {
    let others: Vec<Seat> = Seat::all(d.seats()).filter(|&o| o != seat).collect();
    let mut pool: Vec<u8> = others
        .iter()
        .flat_map(|o| {
            let held = d.tiles_held[o.index()];
            (0..32u8).filter(move |&t| held & (1 << t) != 0)
        })
        .collect();
    // Lowest tile first, so the redeal depends on which tiles the others hold between them (known to `seat`),
    // not on who truly holds which.
    pool.sort_unstable();
    for &o in &others {
        let n = d.tiles_held[o.index()].count_ones();
        d.tiles_held[o.index()] = 0;
        for _ in 0..n {
            let t = pool.swap_remove(rng.index(pool.len()));
            d.tiles_held[o.index()] |= 1 << t;
        }
    }
}

/// Kinds of regular dice, re-exported for tests.
pub const REGULAR_DIE: u8 = REGULAR;
