//! The round's flow: dealing, the shake, the Betting Phase's result, the Sail Phase, the windows, the battles, the
//! Action Phase's catching up, the End Game and the Final Battle. [`LyingPirates::settle`] moves play on after
//! every input until a decision or a chance event is due.

use plunder_core::priority::{Now, Window};
use plunder_core::{Audience, Seat, SeatSet, Teller};

use super::content::{Node, Seek, Special, Timing};
use super::event::{Cause, CurseCount, Event, Stay, WonBy};
use super::state::*;
use super::{BattleFace, LyingPirates, Setup};
use crate::bidding::{Bid, CountRule};

/// The Cursed Die's count rule (rulings 11 and 12): on its holder's own bet, the holder's cup counts nothing if
/// the Cursed Die shows the bet's face, and its ones are not wild if it shows a Skull.
#[derive(Copy, Clone, Debug)]
pub struct CursedCount;

impl CountRule for CursedCount {
    fn count_cup(
        &self,
        rules: &crate::bidding::BidRules,
        owner: usize,
        bidder: usize,
        cup: &[u8],
        kinds: &[crate::bidding::DieKind],
        face: u8,
    ) -> u32 {
        let curse = kinds.iter().position(|&k| k == Special::Cursed as u8).map(|i| cup[i]);
        match curse {
            Some(c) if owner == bidder && c == face => 0,
            Some(super::action::SKULL) if owner == bidder => cup.iter().filter(|&&d| d == face).count() as u32,
            _ => crate::bidding::count_matching(rules, cup, face),
        }
    }
}

impl LyingPirates {
    /// Moves play on until someone must decide or chance must speak.
    pub(crate) fn settle<T: Teller<Event>>(&self, s: &mut State, told: &mut T) {
        loop {
            if s.phase == Phase::Over || self.game_decided(s, told) {
                return;
            }
            if s.draw.1 > 0 {
                let zone = self.draw_zone(s);
                if zone == DECK && s.cards.count(DECK) == 0 && s.cards.count(DISCARD) > 0 {
                    let _ = s.cards.move_all(DISCARD, DECK);
                }
                if s.cards.count(zone) > 0 {
                    return;
                }
                s.draw.1 = 0;
            }
            if !matches!(s.phase, Phase::Deal | Phase::Draft | Phase::TileDeal | Phase::Placement) {
                if let Some(empty) = self.empty_hand(s) {
                    s.draw = (empty, 1);
                    s.draw_cause = Cause::EmptyHand;
                    continue;
                }
            }
            if s.offer != Offer::Nothing || s.phantom_due || s.loss.is_some() {
                return;
            }
            if s.battle.active {
                if self.battle_step(s, told) {
                    return;
                }
                continue;
            }
            if s.run.active() {
                if self.run_step(s, told) {
                    if s.draw.1 > 0 {
                        continue;
                    }
                    return;
                }
                if !s.run.active() {
                    self.run_done(s);
                }
                continue;
            }
            if s.run.card {
                // A card's effect ended outside the interpreter (a declined payment, a last step that draws): it
                // leaves the stack now, or the window would resolve it again.
                self.run_done(s);
                continue;
            }
            if let Some(loser) = s.losers_owing.lowest() {
                s.losers_owing.remove(loser);
                self.lose(s, loser, self.table.betting_loser_crew_loss, None, Cause::BettingLoss, told);
                continue;
            }
            match s.phase {
                Phase::TileDeal => {
                    if self.undealt_tiles(s) != 0 {
                        return;
                    }
                    self.finish_tile_deal(s, told);
                }
                Phase::Placement => return,
                Phase::Deal => {
                    // Phantom mode: the Phantom's six come from the silver pile first, then the rest of the silver
                    // cards are shuffled into the deck for the players' hands.
                    let pile = silver_pile(s.players);
                    if let Some(phantom) = s.phantom().filter(|_| s.cards.count(pile) > 0) {
                        let held = s.cards.count(hand(phantom)) as u8;
                        if held < PHANTOM_HAND {
                            s.draw = (phantom, PHANTOM_HAND - held);
                            s.draw_cause = Cause::Deal;
                        } else {
                            let _ = s.cards.move_all(pile, DECK);
                        }
                        continue;
                    }
                    let per = self.cards_per_player;
                    match Seat::all(s.seats()).find(|&p| (s.cards.count(hand(p)) as u8) < per) {
                        Some(p) if s.cards.count(DECK) > 0 => {
                            s.draw = (p, per - s.cards.count(hand(p)) as u8);
                            s.draw_cause = Cause::Deal;
                        }
                        _ if self.options.draft && self.options.setup == Setup::Placement => {
                            s.phase = Phase::Draft;
                            s.draft_round = 0;
                            s.drafted = SeatSet::EMPTY;
                            told.public(|| Event::PhaseBegins { phase: Phase::Draft });
                        }
                        _ => self.new_round(s, told),
                    }
                }
                Phase::Draft => return,
                Phase::Shake => {
                    if s.shake.0 != NONE {
                        return;
                    }
                    s.phase = Phase::Betting;
                    s.to_bet = s.first_from(s.in_phase, s.token).unwrap_or(s.token);
                    self.tell_betting_begins(s, told);
                    return;
                }
                Phase::Betting | Phase::SailRoll | Phase::CatchUp | Phase::FinalPrepare => return,
                Phase::SailFirst | Phase::SailSecond | Phase::Action | Phase::FinalWindow => match s.window.now() {
                    Now::Priority(_) => return,
                    Now::Resolving(entry) => self.start_item(s, self.owner(s, entry.by), entry.item, told),
                    Now::Closed => self.window_closed(s, told),
                },
                Phase::SailBattle => self.open(s, Phase::SailSecond, told),
                Phase::FinalBattle => self.open(s, Phase::FinalWindow, told),
                Phase::Over => return,
            }
        }
    }

    /// Tile `tile` goes face down to the captain whose turn of the deal it is (seat 0 first, clockwise).
    pub(crate) fn deal_tile<T: Teller<Event>>(&self, s: &mut State, tile: u8, told: &mut T) {
        let to = s.tiles_dealt % s.players;
        let seat = Seat(to);
        told.secret(seat, || Event::TileDealt { seat, tile: Some(tile) }, || Event::TileDealt { seat, tile: None });
        s.tiles_held[to as usize] |= 1 << tile;
        s.tiles_dealt += 1;
    }

    /// Every tile is out: the Start/End holder takes the token clockwise side up and lays Start/End as space 0
    /// (ruling 3), then placement begins with that captain.
    fn finish_tile_deal<T: Teller<Event>>(&self, s: &mut State, told: &mut T) {
        let start = START_END;
        let holder = Seat::all(s.seats()).find(|p| s.tiles_held[p.index()] & (1 << start) != 0).unwrap_or(Seat(0));
        s.tiles_held[holder.index()] &= !(1 << start);
        s.layout[0] = start;
        s.token = holder;
        s.clockwise = true;
        s.placer = holder;
        s.phase = Phase::Placement;
        told.public(|| Event::StartLaid { seat: holder });
        self.next_placer(s, holder);
    }

    /// `seat` lays `tile` on open space `space`; the turn passes clockwise.
    pub(crate) fn place_tile<T: Teller<Event>>(&self, s: &mut State, seat: Seat, tile: u8, space: u8, told: &mut T) {
        told.public(|| Event::TilePlaced { seat, tile, space });
        s.tiles_held[seat.index()] &= !(1 << tile);
        s.layout[space as usize] = tile;
        self.next_placer(s, Seat((seat.0 + 1) % s.players));
    }

    /// The first captain from `from` clockwise who holds a tile places next; once every space is filled (or,
    /// never with the box's tiles, nobody holds one), the leftovers go back to the box and the cards are dealt.
    fn next_placer(&self, s: &mut State, from: Seat) {
        let open = (1..s.ring).any(|p| s.layout[p as usize] == NONE);
        let holder = (0..s.players).map(|i| Seat((from.0 + i) % s.players)).find(|p| s.tiles_held[p.index()] != 0);
        match holder {
            Some(p) if open => s.placer = p,
            _ => {
                s.tiles_held = [0; 6];
                s.phase = Phase::Deal;
            }
        }
    }

    /// `seat` chose the cards it passes; once every player has, all pass at once to the player on the left (the
    /// next seat clockwise), who sees them in its hand; the passer still knows them (the zones keep track). The
    /// Phantom keeps its dealt hand and is never waited for (ruling 79).
    pub(crate) fn draft_pick<T: Teller<Event>>(&self, s: &mut State, seat: Seat, cards: [Option<u8>; 3], told: &mut T) {
        told.public(|| Event::DraftChosen { seat });
        s.draft_picks[seat.index()] = cards;
        s.drafted.insert(seat);
        if s.drafted != s.players_in() {
            return;
        }
        let mut passed = [[None::<u16>; 3]; 6];
        for p in Seat::all(s.seats()) {
            for (i, kind) in s.draft_picks[p.index()].iter().enumerate() {
                let Some(kind) = *kind else { continue };
                let taken = passed[p.index()];
                passed[p.index()][i] =
                    s.cards.cards_in(hand(p)).find(|&id| s.cards.kind(id) == kind && !taken.contains(&Some(id)));
            }
        }
        for p in Seat::all(s.seats()) {
            let left = Seat((p.0 + 1) % s.players);
            let count = passed[p.index()].iter().flatten().count() as u8;
            told.public(|| Event::DraftPassed { from: p, to: left, count });
            if T::LISTENING {
                let cards: Vec<u8> = passed[p.index()].iter().flatten().map(|&id| s.cards.kind(id)).collect();
                for to in [Audience::Only(p), Audience::Only(left)] {
                    told.tell(to, || Event::DraftCards { from: p, to: left, cards: cards.clone() });
                }
            }
            for id in passed[p.index()].iter().flatten() {
                let _ = s.cards.move_card(*id, hand(left));
            }
        }
        s.draft_picks = [[None; 3]; 6];
        s.drafted = SeatSet::EMPTY;
        s.draft_round += 1;
        if s.draft_round as usize >= DRAFT_PASSES.len() {
            self.new_round(s, told);
        }
    }

    /// A player whose hand is empty (the Phantom's is never refilled, ruling 43).
    fn empty_hand(&self, s: &State) -> Option<Seat> {
        if s.cards.count(DECK) + s.cards.count(DISCARD) == 0 {
            return None;
        }
        s.players_in().iter().find(|&p| s.cards.count(hand(p)) == 0)
    }

    /// Where the card owed now comes from: the deck, or in Phantom mode's deal the silver pile.
    pub(crate) fn draw_zone(&self, s: &State) -> plunder_core::zones::ZoneId {
        let pile = silver_pile(s.players);
        if s.phase == Phase::Deal && s.is_phantom(s.draw.0) && s.cards.count(pile) > 0 {
            pile
        } else {
            DECK
        }
    }

    /// Ends the game when Instant Death leaves one captain, or the lapping Phantom catches a player; true if
    /// it did.
    fn game_decided<T: Teller<Event>>(&self, s: &mut State, told: &mut T) -> bool {
        if self.table.empty_cup_is_out && !self.final_phase(s) {
            for p in s.everyone().iter() {
                if s.cups.count(p) == 0 {
                    self.knock_out(s, p, told);
                }
            }
            if s.everyone().len() <= 1 {
                s.winners = s.everyone();
                s.phase = Phase::Over;
                told.public(|| Event::Won { winners: s.winners, by: WonBy::LastAfloat });
                return true;
            }
        }
        let Some(phantom) = s.phantom().filter(|&p| s.lapping && !s.out.contains(p)) else { return false };
        // Ruling 44: "catches up" means its second-lap position reaches (or passes) the player's ship.
        let lap = s.progress[phantom.index()] - s.ring;
        let caught: SeatSet = s.players_in().iter().filter(|p| lap > 0 && s.progress[p.index()] <= lap).collect();
        if caught.is_empty() {
            return false;
        }
        let afloat = s.players_in().minus(caught);
        s.winners = if afloat.is_empty() { SeatSet::only(phantom) } else { afloat };
        s.phase = Phase::Over;
        told.public(|| Event::Won { winners: s.winners, by: WonBy::PhantomCaught { caught } });
        true
    }

    /// Instant Death: `seat`'s cup is empty, so it is out: its ship leaves the map, its cards go to the discard
    /// pile, its special dice (none: the cup is empty) stay on the Dice Board, and turns skip it.
    fn knock_out<T: Teller<Event>>(&self, s: &mut State, seat: Seat, told: &mut T) {
        told.public(|| Event::KnockedOut { seat });
        s.out.insert(seat);
        while let Some(id) = s.cards.top(hand(seat)) {
            let _ = s.cards.move_card(id, DISCARD);
        }
        for set in [&mut s.in_phase, &mut s.counted, &mut s.movers, &mut s.sit_out_next] {
            set.remove(seat);
        }
        s.battle.contenders.remove(seat);
        s.battle.to_roll.remove(seat);
        s.battle.offers.remove(seat);
        self.release_decisions(s, seat, told);
        if s.proxy == seat.0 {
            s.proxy = NONE;
            if let Some(phantom) = s.phantom() {
                self.release_decisions(s, phantom, told);
            }
        }
        if seat.index() < s.seats() {
            s.window.exclude(seat);
        }
    }

    /// `seat` loses up to `n` crew and `thief` gains a regular die for each die gone. Regular dice go while more
    /// than the rules keep are left; then a special die instead, of the owner's choice (ruling 53): the loss waits
    /// for it when the owner has more than one to choose from and someone decides for it (the Phantom's own
    /// losses follow the rules' order, least useful first). A ward cancels the whole loss.
    pub(crate) fn lose<T: Teller<Event>>(
        &self,
        s: &mut State,
        seat: Seat,
        n: u8,
        thief: Option<Seat>,
        cause: Cause,
        told: &mut T,
    ) {
        s.loss = Some(Loss { who: seat, left: n, thief: thief.map_or(NONE, |t| t.0), taken: 0, cause });
        self.continue_loss(s, told);
    }

    /// Takes the dice of the loss under way until it is done or waits for its owner's choice.
    pub(crate) fn continue_loss<T: Teller<Event>>(&self, s: &mut State, told: &mut T) {
        let Some(mut loss) = s.loss else { return };
        let keep = self.table.min_regular_dice;
        let who = loss.who;
        // The loss stopped at the last die the rules keep (said, or it would pass untold).
        let mut spared = false;
        while loss.left > 0 {
            if s.ward.contains(who) {
                s.ward.remove(who);
                told.public(|| Event::Warded { seat: who });
                break;
            }
            let sheddable = s.sheddable(who, keep);
            let choice = s.regular(who) <= keep && sheddable.count_ones() > 1 && s.controller(who).is_some();
            if choice && !s.out.contains(who) {
                s.loss = Some(loss);
                return;
            }
            if s.lose_crew(who, 1, keep) == 0 {
                spared = keep > 0;
                break;
            }
            loss.left -= 1;
            loss.taken += 1;
        }
        s.loss = None;
        let thief = (loss.thief != NONE).then_some(Seat(loss.thief));
        if loss.taken > 0 {
            let cause = loss.cause;
            told.public(|| Event::CrewLost { seat: who, dice: loss.taken, now: s.cups.count(who), thief, cause });
        }
        if spared {
            told.public(|| Event::KeptLast { seat: who, cause: loss.cause });
        }
        if let Some(thief) = thief.filter(|_| loss.taken > 0) {
            self.gain(s, thief, loss.taken, loss.cause, told);
        }
    }

    /// `seat` lets special die `die` go for the loss under way, which then goes on.
    pub(crate) fn shed<T: Teller<Event>>(&self, s: &mut State, seat: Seat, die: u8, told: &mut T) {
        told.public(|| Event::LostSpecial { seat, die });
        s.release(seat, die);
        if let Some(loss) = s.loss.as_mut() {
            loss.left -= 1;
            loss.taken += 1;
        }
        self.continue_loss(s, told);
    }

    /// The decision pending for `captain` when nobody can make it any more (it is out, or it is the Phantom and
    /// its stand-in is out; ruling 80): a reroll offer is declined (the Phantom never pays), and a pick, choice or
    /// payment is looked at again by the rules, which give an out captain nothing and the Phantom its defaults.
    fn release_decisions<T: Teller<Event>>(&self, s: &mut State, captain: Seat, told: &mut T) {
        match s.offer {
            Offer::Sail(c) if c == captain => {
                s.offer = Offer::Nothing;
                self.sail_move(s, told);
            }
            Offer::Action(c) if c == captain => s.offer = Offer::Nothing,
            _ => {}
        }
        s.battle.offers.remove(captain);
        if s.loss.is_some_and(|l| l.who == captain) {
            self.continue_loss(s, told);
        }
        if let Wait::Pick { chooser: c, .. } | Wait::Choose { chooser: c, .. } | Wait::Pay { who: c, .. } = s.run.wait {
            if c == captain {
                s.run.wait = Wait::Nothing;
            }
        }
    }

    /// A new round: statuses and allowances end, the sit-outs of the last round's effects begin.
    pub(crate) fn new_round<T: Teller<Event>>(&self, s: &mut State, told: &mut T) {
        if s.round >= self.options.max_rounds {
            let far = s.everyone().iter().map(|p| s.progress[p.index()]).max().unwrap_or(0);
            s.winners = s.everyone().iter().filter(|p| s.progress[p.index()] == far).collect();
            s.phase = Phase::Over;
            s.stopped_by_limit = true;
            told.public(|| Event::Won { winners: s.winners, by: WonBy::RoundLimit });
            return;
        }
        s.round += 1;
        if self.table.flip_direction_each_round && s.round > 1 {
            s.clockwise = !s.clockwise;
        }
        s.up = SeatSet::EMPTY;
        s.down = SeatSet::EMPTY;
        s.ward = SeatSet::EMPTY;
        s.spying = std::mem::replace(&mut s.spy_next, [(NONE, 0); 6]);
        s.gold_used = SeatSet::EMPTY;
        s.silver_used = SeatSet::EMPTY;
        s.rerolled = SeatSet::EMPTY;
        s.auto_pass = SeatSet::EMPTY;
        s.bids.clear();
        s.showdown = None;
        s.revealed = false;
        s.winner = None;
        s.movers = SeatSet::EMPTY;
        s.sail = 0;
        let missing = s.players_in().minus(s.players_in().minus(s.sit_out_next));
        s.in_phase = s.players_in().minus(missing);
        s.counted = s.in_phase;
        s.proxy = NONE;
        let phantom = s.phantom().filter(|&p| s.everyone().contains(p) && !s.sit_out_next.contains(p));
        if let Some(phantom) = phantom {
            // Its dice count though it never bets; a player who misses this Betting Phase bets for it.
            s.counted.insert(phantom);
            if missing.len() == 1 {
                s.proxy = missing.lowest().map_or(NONE, |p| p.0);
                s.in_phase.insert(phantom);
            }
        }
        let sitting_out = s.sit_out_next;
        s.sit_out_next = SeatSet::EMPTY;
        told.public(|| Event::RoundBegins {
            round: s.round,
            bettors: s.in_phase,
            sitting_out,
            proxy: (s.proxy != NONE).then_some(Seat(s.proxy)),
            clockwise: s.clockwise,
        });
        match (s.in_phase.len(), phantom) {
            // Both players miss it: the Phantom wins by default (its defaults sail it).
            (0, Some(phantom)) => self.start_sail(s, phantom, SeatSet::only(phantom), SeatSet::EMPTY, told),
            (0, None) => self.open(s, Phase::Action, told),
            (1, _) => {
                let only = s.in_phase.lowest().unwrap_or(Seat(0));
                self.start_sail(s, only, SeatSet::only(only), SeatSet::EMPTY, told);
            }
            _ => {
                s.phase = Phase::Shake;
                let first = s.counted.lowest().unwrap_or(Seat(0));
                s.shake = (first.0, 0);
            }
        }
    }

    /// Records the next die of the shake and moves the cursor on.
    pub(crate) fn shake_die<T: Teller<Event>>(&self, s: &mut State, face: u8, told: &mut T) {
        let (seat, index) = (Seat(s.shake.0), s.shake.1);
        s.cups.set(seat, index as usize, face);
        if index + 1 < s.cups.count(seat) {
            s.shake.1 += 1;
        } else {
            // The cup is told whole, once its last die is down; the Phantom's is nobody's to see.
            if !s.is_phantom(seat) {
                told.tell(Audience::Only(seat), || Event::Shaken {
                    seat,
                    dice: s.cups.dice_of(seat).to_vec(),
                    kinds: super::event::special_kinds(s.cups.kinds_of(seat)),
                });
            }
            let later = s.counted.iter().find(|p| p.0 > seat.0);
            s.shake = later.map_or((NONE, 0), |p| (p.0, 0));
        }
    }

    /// `seat` gains up to `n` crew dice from the bag, told; a gain that finds the bag empty or the cup full says
    /// so. Returns the dice gained.
    pub(crate) fn gain<T: Teller<Event>>(&self, s: &mut State, seat: Seat, n: u8, cause: Cause, told: &mut T) -> u8 {
        let dice = s.gain_crew(seat, n);
        if dice > 0 {
            told.public(|| Event::CrewGained { seat, dice, now: s.cups.count(seat), cause });
        } else if n > 0 && !s.out.contains(seat) {
            if s.bag == 0 {
                told.public(|| Event::BagEmpty { seat, cause });
            } else {
                told.public(|| Event::CupFull { seat, cause });
            }
        }
        dice
    }

    /// How the Cursed Die changes the count of a bet on `face` made by `bettor` (rulings 11 and 12), if it does:
    /// only on its holder's own bet, when it shows the bet's face or a Skull.
    fn curse_count(&self, s: &State, face: u8, bettor: Seat) -> Option<CurseCount> {
        if !s.counted.contains(bettor) {
            return None;
        }
        let kinds = s.cups.kinds_of(bettor);
        let at = kinds.iter().position(|&k| k == Special::Cursed as u8)?;
        match s.cups.dice_of(bettor)[at] {
            f if f == face => Some(CurseCount::CupVoid { holder: bettor }),
            super::action::SKULL => Some(CurseCount::OnesNotWild { holder: bettor }),
            _ => None,
        }
    }

    /// Dice counted in the Betting Phase (the cups of the captains in it, and the Phantom's).
    pub(crate) fn dice_in_phase(&self, s: &State) -> u8 {
        s.counted.iter().map(|p| s.cups.count(p)).sum()
    }

    /// Dice matching `face` for a bet made by `bettor`, over the cups that count.
    pub fn counted(&self, s: &State, face: u8, bettor: Seat) -> u32 {
        s.counted
            .iter()
            .map(|p| {
                CursedCount.count_cup(
                    &self.rules,
                    p.index(),
                    bettor.index(),
                    s.cups.dice_of(p),
                    s.cups.kinds_of(p),
                    face,
                )
            })
            .sum()
    }

    /// Settles a liar call (`exact: None`) or an exact bet on `exact` by `caller`.
    pub(crate) fn call<T: Teller<Event>>(&self, s: &mut State, caller: Seat, exact: Option<Bid>, told: &mut T) {
        let Some((last_bettor, last)) = s.bids.last() else { return };
        let (bid, bettor) = match exact {
            Some(b) => (b, caller),
            None => (last, last_bettor),
        };
        let counted = self.counted(s, bid.face, bettor);
        let (winner, losers) = match exact {
            None if counted < bid.quantity as u32 => (caller, SeatSet::only(last_bettor)),
            None => (last_bettor, SeatSet::only(caller)),
            Some(_) if counted == bid.quantity as u32 => (caller, s.counted.minus(SeatSet::only(caller))),
            Some(_) => {
                s.sit_out_next.insert(caller);
                (last_bettor, SeatSet::only(caller))
            }
        };
        s.showdown = Some(Showdown { caller, exact: exact.is_some(), bid, bettor, counted, winner });
        s.shown = s.cups;
        s.revealed = true;
        told.public(|| Event::Showdown {
            caller,
            exact: exact.is_some(),
            bidder: bettor,
            bid,
            cups: s.counted.iter().map(|p| (p, s.cups.dice_of(p).to_vec())).collect(),
            kinds: s
                .counted
                .iter()
                .map(|p| (p, super::event::special_kinds(s.cups.kinds_of(p))))
                .filter(|(_, kinds)| !kinds.is_empty())
                .collect(),
            counted,
            wild: self.rules.wild_face().filter(|&w| w != bid.face),
            curse: self.curse_count(s, bid.face, bettor),
            caller_right: winner == caller,
        });
        if exact.is_some() && winner != caller {
            told.public(|| Event::MissesBetting { seat: caller, cause: Cause::ExactBet });
        }
        if exact.is_some() && winner == caller {
            self.gain(s, caller, 1, Cause::ExactBet, told);
        }
        if self.table.betting_loser_crew_loss > 0 {
            // Each loser loses its crew before the Sail Die, one after another (a loser may have a choice to make).
            s.losers_owing = losers;
        }
        // The Phantom, never a bettor unless a player stands in for it, is a survivor (ruling 41).
        let movers = s.counted.minus(losers);
        self.start_sail(s, winner, movers, losers, told);
    }

    /// The Betting Phase's winner takes the token and a coin and rolls the Sail Die.
    fn start_sail<T: Teller<Event>>(
        &self,
        s: &mut State,
        winner: Seat,
        movers: SeatSet,
        losers: SeatSet,
        told: &mut T,
    ) {
        s.winner = Some(winner);
        s.movers = movers;
        s.token = winner;
        let coins = 1 + self.abilities[winner.index()].betting_win_coins;
        s.coins[winner.index()] += coins;
        told.public(|| Event::BettingWon { winner, coins, movers, losers });
        s.sail = 0;
        s.phase = Phase::SailRoll;
    }

    /// `seat` takes special die `kind` (from the board or its holder), told with `cause`.
    pub(crate) fn take_special<T: Teller<Event>>(
        &self,
        s: &mut State,
        seat: Seat,
        kind: u8,
        cause: Cause,
        told: &mut T,
    ) {
        if s.holds(seat, kind) || s.out.contains(seat) {
            return;
        }
        let from = s.holder_of(kind);
        let regular = s.regular(seat);
        s.take_special(seat, kind);
        told.public(|| Event::SpecialTaken { seat, die: kind, from, cause });
        if s.regular(seat) < regular {
            let (dice, now) = (regular - s.regular(seat), s.cups.count(seat));
            told.public(|| Event::CrewLost { seat, dice, now, thief: None, cause: Cause::SpecialDie });
        }
    }

    /// Whether `seat` may pay for its reroll of a `decisive` die (the Sail Die, a Battle Die in the Final
    /// Battle) or of another die now (the Phantom never pays unless a player stands in for it).
    pub(crate) fn may_reroll(&self, s: &State, seat: Seat, decisive: bool) -> bool {
        s.controller(seat).is_some()
            && !s.rerolled.contains(seat)
            && s.coins[seat.index()] >= self.abilities[seat.index()].reroll_price(decisive)
    }

    /// The Sail Die fell: offer the winner its reroll, or sail.
    pub(crate) fn sail_rolled<T: Teller<Event>>(&self, s: &mut State, face: u8, told: &mut T) {
        s.sail = face;
        let winner = s.winner.unwrap_or(s.token);
        told.public(|| Event::SailDie { seat: winner, face });
        if self.may_reroll(s, winner, true) {
            s.offer = Offer::Sail(winner);
        } else {
            self.sail_move(s, told);
        }
    }

    pub(crate) fn sail_move<T: Teller<Event>>(&self, s: &mut State, told: &mut T) {
        for m in s.movers.iter() {
            self.sail_ship(s, m, s.sail as i8, Cause::Sail, told);
        }
        self.open(s, Phase::SailFirst, told);
    }

    /// Moves a ship as [`Self::move_ship`] does, telling where it went and why.
    pub(crate) fn sail_ship<T: Teller<Event>>(&self, s: &mut State, seat: Seat, steps: i8, cause: Cause, told: &mut T) {
        let from = s.progress[seat.index()];
        let onto_start_end = self.move_ship(s, seat, steps);
        let to = s.progress[seat.index()];
        if from == to && steps != 0 {
            // Start/End stops an Action Phase move; otherwise the ship is at the ring's end already.
            let why = if onto_start_end { Stay::StartEnd } else { Stay::Edge };
            told.public(|| Event::Stayed { seat, at: to, tile: self.tile_under(s, seat), cause, why });
        }
        if from != to {
            told.public(|| Event::Moved { seat, from, to, tile: self.tile_under(s, seat), cause });
        }
    }

    /// Moves a ship: never past Start/End nor below 0; in the Action Phase a move onto Start/End is ignored. A
    /// lapping Phantom sails its second lap between Start/End and Start/End (ruling 71). Returns whether the
    /// Action Phase's rule kept the ship off Start/End.
    pub fn move_ship(&self, s: &mut State, seat: Seat, steps: i8) -> bool {
        let lapping = s.lapping && s.is_phantom(seat);
        let (low, high) = if lapping { (s.ring as i16, 2 * s.ring as i16) } else { (0, s.ring as i16) };
        let from = s.progress[seat.index()] as i16;
        let to = (from + steps as i16).clamp(low, high) as u8;
        if self.action_phase(s) && !lapping && (to == 0 || to == s.ring) {
            return to as i16 != from;
        }
        s.progress[seat.index()] = to;
        false
    }

    /// The steps of a forward move of `seat` that ends at least `gap` tiles behind the leading ship (the other
    /// captain still in with the greatest progress): fewer when that ship is near, none when `seat` is level with
    /// it or ahead. With no other ship, `steps`.
    pub fn steps_behind_leader(&self, s: &State, seat: Seat, steps: i8, gap: u8) -> i8 {
        let Some(lead) = s.everyone().iter().filter(|&o| o != seat).map(|o| s.progress[o.index()] as i16).max() else {
            return steps;
        };
        let room = lead - gap as i16 - s.progress[seat.index()] as i16;
        room.clamp(0, steps.max(0) as i16) as i8
    }

    pub(crate) fn action_phase(&self, s: &State) -> bool {
        matches!(s.phase, Phase::Action | Phase::CatchUp)
    }

    pub(crate) fn final_phase(&self, s: &State) -> bool {
        matches!(s.phase, Phase::FinalWindow | Phase::FinalBattle | Phase::FinalPrepare)
    }

    /// Opens a card window for `phase`.
    pub(crate) fn open<T: Teller<Event>>(&self, s: &mut State, phase: Phase, told: &mut T) {
        if phase != Phase::SailSecond {
            s.auto_pass = SeatSet::EMPTY;
        }
        s.phase = phase;
        let players = s.players_in();
        let eligible = if phase == Phase::FinalWindow {
            self.alive_claimants(s).minus(SeatSet::first(s.captains()).minus(players))
        } else {
            players
        };
        // Priority starts at the token, or after it when the Phantom holds the token.
        let first = s.first_from(SeatSet::first(s.seats()), s.token).unwrap_or(Seat(0));
        s.window = Window::open(s.seats(), first, eligible, s.auto_pass);
        told.public(|| Event::PhaseBegins { phase });
        if phase == Phase::Action {
            // The player standing in for the Phantom does so in the Betting and Sail Phases only; the Phantom
            // opens the Action Phase with a random card of its hand.
            s.proxy = NONE;
            s.phantom_due = s.phantom().is_some_and(|p| !s.out.contains(p) && s.cards.count(hand(p)) > 0);
        }
    }

    /// The Phantom plays its random card of kind `card`: it goes on the stack for the players to answer.
    pub(crate) fn phantom_plays<T: Teller<Event>>(&self, s: &mut State, card: u8, told: &mut T) {
        s.phantom_due = false;
        let Some(phantom) = s.phantom() else { return };
        if let Some(id) = s.cards.find(hand(phantom), card) {
            told.public(|| Event::Played { seat: phantom, card, target: None });
            let _ = s.cards.move_card(id, STACK);
            let _ = s.window.push(Item { card, target: NONE, answers: NONE, immune: SeatSet::EMPTY });
        }
    }

    /// Who put a stack entry there: a player, or (the rules pushing it) the Phantom.
    pub(crate) fn owner(&self, s: &State, by: Option<Seat>) -> Seat {
        by.or(s.phantom()).unwrap_or(s.token)
    }

    fn window_closed<T: Teller<Event>>(&self, s: &mut State, told: &mut T) {
        match s.phase {
            Phase::SailFirst => {
                s.phase = Phase::SailBattle;
                match s.movers.len() {
                    0 => {}
                    1 => self.activate(s, s.movers.lowest().unwrap_or(s.token), told),
                    _ => self.start_battle(s, s.movers, SeatSet::EMPTY, Seek::Winner, Purpose::Tile, told),
                }
            }
            Phase::SailSecond => self.end_check(s, told),
            Phase::Action => self.start_catch_up(s, told),
            Phase::FinalWindow => {
                s.phase = Phase::FinalBattle;
                let claimants = self.alive_claimants(s);
                told.public(|| Event::FinalRound { battle: s.battles + 1, claimants });
                self.start_battle(s, claimants, SeatSet::EMPTY, Seek::Loser, Purpose::Final, told);
            }
            _ => {}
        }
    }

    /// The event tile under `seat`'s ship: none on Start/End; a lapping Phantom's by its place on the ring.
    pub(crate) fn tile_under(&self, s: &State, seat: Seat) -> Option<u8> {
        let space = s.progress[seat.index()] % s.ring;
        (space != 0).then(|| s.layout[space as usize])
    }

    /// `seat` resolves the event of the tile under its ship (Start/End has none).
    pub(crate) fn activate<T: Teller<Event>>(&self, s: &mut State, seat: Seat, told: &mut T) {
        let Some(tile) = self.tile_under(s, seat) else { return };
        told.public(|| Event::TileEvent { seat, tile });
        if s.phase == Phase::SailBattle && self.table.activation_coins > 0 {
            let change = self.table.activation_coins;
            s.coins[seat.index()] += change;
            let now = s.coins[seat.index()];
            told.public(|| Event::Coins { seat, change: change as i16, now, cause: Cause::Activation });
        }
        s.run = Run::idle();
        s.run.push(self.content.tiles[tile as usize].effect, Bind::of(seat));
        s.run.starter = seat.0;
        s.run.source = Cause::Tile(tile);
    }

    /// A card on the stack starts resolving.
    fn start_item<T: Teller<Event>>(&self, s: &mut State, by: Seat, item: Item, told: &mut T) {
        let card = &self.content.cards[item.card as usize];
        if let Node::Cancel { .. } = self.content.node(card.effect) {
            if let Some(answered) = s.window.get_mut(item.answers as usize) {
                answered.immune.insert(by);
                let answered = answered.card;
                told.public(|| Event::Cancelled { seat: by, card: item.card, answered });
            }
            self.discard_top(s);
            return;
        }
        let target = (item.target != NONE).then_some(Seat(item.target));
        let shielded = target.is_some_and(|t| item.immune.contains(t));
        told.public(|| Event::Resolves { seat: by, card: item.card, target, shielded });
        s.run = Run::idle();
        s.run.source = Cause::Card(item.card);
        s.run.push(card.effect, Bind::of(by));
        s.run.immune = item.immune;
        s.run.declared = item.target;
        s.run.starter = by.0;
        s.run.card = true;
    }

    /// The resolving card goes to the discard pile and leaves the stack.
    fn discard_top(&self, s: &mut State) {
        if let Ok(entry) = s.window.resolved() {
            if let Some(id) = s.cards.find(STACK, entry.item.card) {
                let _ = s.cards.move_card(id, DISCARD);
            }
        }
    }

    fn run_done(&self, s: &mut State) {
        let card = s.run.card;
        s.run = Run::idle();
        if card {
            self.discard_top(s);
        }
    }

    /// After window S2: one ship home wins, several fight the Final Battle, none: the Action Phase. The Phantom
    /// home before both players sails on (its Final Battle preparation is its default: trade, buy nothing).
    fn end_check<T: Teller<Event>>(&self, s: &mut State, told: &mut T) {
        let lapper = s.phantom().filter(|_| s.lapping);
        let home: SeatSet =
            s.everyone().iter().filter(|&p| Some(p) != lapper && s.progress[p.index()] >= s.ring).collect();
        if s.phantom().is_some_and(|p| home == SeatSet::only(p)) {
            s.lapping = true;
            told.public(|| Event::PhantomLaps);
            self.open(s, Phase::Action, told);
            return;
        }
        s.proxy = NONE;
        match home.len() {
            0 => self.open(s, Phase::Action, told),
            1 => {
                s.winners = home;
                s.phase = Phase::Over;
                told.public(|| Event::Won { winners: home, by: WonBy::Home });
            }
            _ => {
                s.claimants = home;
                s.prepared = SeatSet::EMPTY;
                s.phase = Phase::FinalPrepare;
                told.public(|| Event::PhaseBegins { phase: Phase::FinalPrepare });
                if let Some(phantom) = s.phantom().filter(|&p| home.contains(p)) {
                    s.prepare[phantom.index()] = (s.specials(phantom), 0);
                    s.prepared.insert(phantom);
                }
            }
        }
    }

    /// The last ships and how far each may offer, if catching up is possible.
    pub(crate) fn catch_up_range(&self, s: &State, seat: Seat) -> u8 {
        let distance = self.catch_up_distance(s);
        distance.min(s.regular(seat).saturating_sub(1).saturating_mul(self.table.catch_up_tiles_per_die))
    }

    /// Tiles from last place (the lowest player) to the closest ship ahead; a lapping Phantom is behind
    /// everyone on the ring, so it is no ship to catch up with.
    fn catch_up_distance(&self, s: &State) -> u8 {
        let lowest = s.players_in().iter().map(|p| s.progress[p.index()]).min().unwrap_or(0);
        let ships = s.everyone().iter().filter(|&p| !(s.lapping && s.is_phantom(p)));
        let ahead = ships.map(|p| s.progress[p.index()]).filter(|&p| p > lowest).min();
        ahead.map_or(0, |a| a - lowest)
    }

    fn start_catch_up<T: Teller<Event>>(&self, s: &mut State, told: &mut T) {
        let lowest = s.players_in().iter().map(|p| s.progress[p.index()]).min().unwrap_or(0);
        let tied: SeatSet = s.players_in().iter().filter(|p| s.progress[p.index()] == lowest).collect();
        let distance = self.catch_up_distance(s);
        if distance == 0 || tied.iter().any(|p| self.catch_up_range(s, p) == 0) {
            self.new_round(s, told);
            return;
        }
        s.catch_tied = tied;
        s.catch_committed = SeatSet::EMPTY;
        s.phase = Phase::CatchUp;
        let spaces_per_die = self.table.catch_up_tiles_per_die;
        told.public(|| Event::CatchUpBegins { tied, distance, spaces_per_die });
    }

    pub(crate) fn catch_up_offer<T: Teller<Event>>(&self, s: &mut State, seat: Seat, tiles: u8, told: &mut T) {
        s.catch_offers[seat.index()] = tiles;
        s.catch_committed.insert(seat);
        told.public(|| Event::CatchUpOffered { seat });
        if s.catch_committed != s.catch_tied {
            return;
        }
        let moved = s.catch_tied.iter().map(|p| s.catch_offers[p.index()]).min().unwrap_or(0);
        let per = self.table.catch_up_tiles_per_die;
        let dice = moved.div_ceil(per);
        told.public(|| Event::CaughtUp {
            offers: s.catch_tied.iter().map(|p| (p, s.catch_offers[p.index()])).collect(),
            tiles: moved,
            dice,
        });
        if moved > 0 {
            for p in s.catch_tied.iter() {
                s.sacrifice(p, dice);
                let now = s.cups.count(p);
                told.public(|| Event::CrewLost { seat: p, dice, now, thief: None, cause: Cause::CatchUp });
                let from = s.progress[p.index()];
                s.progress[p.index()] += moved;
                let to = s.progress[p.index()];
                told.public(|| Event::Moved { seat: p, from, to, tile: self.tile_under(s, p), cause: Cause::CatchUp });
            }
        }
        self.new_round(s, told);
    }

    pub(crate) fn alive_claimants(&self, s: &State) -> SeatSet {
        s.claimants.iter().filter(|p| s.fb_crew[p.index()] > 0).collect()
    }

    pub(crate) fn prepare<T: Teller<Event>>(&self, s: &mut State, seat: Seat, trade: u8, buy: u8, told: &mut T) {
        s.prepare[seat.index()] = (trade, buy);
        s.prepared.insert(seat);
        told.public(|| Event::Preparing { seat });
        if s.prepared != s.claimants {
            return;
        }
        for p in s.claimants.iter() {
            let (trade, buy) = s.prepare[p.index()];
            // Each special die counts 1 crew, or 2 if traded ("trade each Special Crew Die for 2 regular").
            let traded = trade.min(s.specials(p)) as u16;
            let crew = s.regular(p) as u16 + s.specials(p) as u16 + traded + buy as u16;
            s.fb_crew[p.index()] = crew;
            let paid = DIE_PRICE * buy as u16;
            s.coins[p.index()] -= paid;
            told.public(|| Event::Prepared { seat: p, traded: traded as u8, bought: buy, paid, crew });
        }
        s.gold_used = SeatSet::EMPTY;
        s.silver_used = SeatSet::EMPTY;
        s.up = SeatSet::EMPTY;
        s.down = SeatSet::EMPTY;
        s.ward = SeatSet::EMPTY;
        s.rerolled = SeatSet::EMPTY;
        s.auto_pass = SeatSet::EMPTY;
        s.battles = 0;
        self.open(s, Phase::FinalWindow, told);
    }

    /// Starts a battle among `contenders` (`sheltered`: those left out for their ship on Start/End, told): a
    /// battle of one needs no roll, of nobody does nothing.
    pub(crate) fn start_battle<T: Teller<Event>>(
        &self,
        s: &mut State,
        contenders: SeatSet,
        sheltered: SeatSet,
        seek: Seek,
        purpose: Purpose,
        told: &mut T,
    ) {
        if contenders.len() <= 1 && purpose != Purpose::Final {
            if let Some(only) = contenders.lowest() {
                self.battle_result(s, purpose, seek, only, told);
            } else if purpose == Purpose::Effect {
                s.run.pop();
            }
            return;
        }
        s.battle = Battle {
            active: true,
            purpose,
            seek,
            contenders,
            to_roll: contenders,
            ranks: [0; 6],
            faces: [0; 6],
            rolls: 1,
            offers: SeatSet::EMPTY,
        };
        s.battle_main_roll = true;
        let cause = s.run.source;
        told.public(|| Event::BattleBegins { contenders, purpose, seek, cause, sheltered });
    }

    /// A Battle Die fell for the next seat of the roll.
    pub(crate) fn battle_die<T: Teller<Event>>(&self, s: &mut State, seat: Seat, face: BattleFace, told: &mut T) {
        let rank = face.rank();
        // Dead-Eye Dara's bonus counts in the duels of cards and tiles only: in the movers' battle and the Final
        // Battle it made her win 39% of four-captain games (the balance run in the rules doc).
        let duel = matches!(s.battle.purpose, Purpose::Effect | Purpose::Pick) && s.battle.contenders.len() == 2;
        let duel = if duel { self.abilities[seat.index()].duel_bonus as i8 } else { 0 };
        let shift = u8::from(s.up.contains(seat)) as i8 - u8::from(s.down.contains(seat)) as i8 + duel;
        s.battle.faces[seat.index()] = rank;
        s.battle.ranks[seat.index()] = (rank as i8 + shift).clamp(1, 3) as u8;
        told.public(|| Event::BattleDie { seat, face, rank: s.battle.ranks[seat.index()] });
        s.battle.to_roll.remove(seat);
        if s.battle.to_roll.is_empty() && s.battle_main_roll {
            s.battle_main_roll = false;
            s.battle.offers = s.battle.contenders;
        }
    }

    /// The seat whose Battle Die rolls next.
    pub(crate) fn next_battle_roller(&self, s: &State) -> Option<Seat> {
        s.first_from(s.battle.to_roll, s.token)
    }

    /// The seat offered a battle reroll now.
    pub(crate) fn battle_offeree(&self, s: &State) -> Option<Seat> {
        s.first_from(s.battle.offers, s.token)
    }

    /// Moves the battle on; true while it waits for dice or a reroll decision.
    fn battle_step<T: Teller<Event>>(&self, s: &mut State, told: &mut T) -> bool {
        if !s.battle.to_roll.is_empty() {
            return true;
        }
        while let Some(seat) = self.battle_offeree(s) {
            if self.may_reroll(s, seat, s.battle.purpose == Purpose::Final) {
                return true;
            }
            s.battle.offers.remove(seat);
        }
        let b = s.battle;
        let ranks = |p: Seat| b.ranks[p.index()];
        if b.purpose == Purpose::Final {
            let skulls: SeatSet = b.contenders.iter().filter(|&p| ranks(p) == 1).collect();
            if !skulls.is_empty() {
                let alive = self.alive_claimants(s);
                let survivors = alive
                    .iter()
                    .filter(|&p| !skulls.contains(p) || s.ward.contains(p) || s.fb_crew[p.index()] > 1)
                    .count();
                if survivors > 0 {
                    for p in skulls.iter() {
                        Self::final_loss(s, p, told);
                    }
                } else {
                    told.public(|| Event::SkullsSpared { skulls });
                }
                s.battle.active = false;
                self.final_battle_done(s, told);
                return false;
            }
        }
        let best = match b.seek {
            Seek::Winner => b.contenders.iter().map(ranks).max(),
            Seek::Loser => b.contenders.iter().map(ranks).min(),
        }
        .unwrap_or(0);
        let tied: SeatSet = b.contenders.iter().filter(|&p| ranks(p) == best).collect();
        if tied.len() == 1 || b.rolls >= MAX_BATTLE_ROLLS {
            let result = s.first_from(tied, s.token).unwrap_or(s.token);
            s.battle.active = false;
            told.public(|| Event::BattleDecided { seat: result, purpose: b.purpose, seek: b.seek, rank: best });
            if b.purpose == Purpose::Final {
                Self::final_loss(s, result, told);
                self.final_battle_done(s, told);
            } else {
                self.battle_result(s, b.purpose, b.seek, result, told);
            }
            return false;
        }
        told.public(|| Event::BattleTied { tied, rank: best });
        s.battle.contenders = tied;
        s.battle.to_roll = tied;
        s.battle.rolls += 1;
        s.battle_main_roll = true;
        true
    }

    /// A Final Battle loss of 1 crew, unless a ward (Last Stand) takes it.
    fn final_loss<T: Teller<Event>>(s: &mut State, seat: Seat, told: &mut T) {
        let warded = s.ward.contains(seat);
        if warded {
            s.ward.remove(seat);
        } else {
            s.fb_crew[seat.index()] = s.fb_crew[seat.index()].saturating_sub(1);
        }
        told.public(|| Event::FinalLoss { seat, crew: s.fb_crew[seat.index()], warded });
    }

    fn battle_result<T: Teller<Event>>(&self, s: &mut State, purpose: Purpose, seek: Seek, result: Seat, told: &mut T) {
        match purpose {
            Purpose::Tile => self.activate(s, result, told),
            Purpose::Pick => {
                let top = s.run.top();
                top.bind.target = result.0;
                let Node::Pick { then, .. } = self.content.node(top.node) else { return };
                s.run.replace(then);
            }
            Purpose::Effect => {
                let contenders = s.battle.contenders;
                let top = s.run.top();
                match seek {
                    Seek::Winner => top.bind.winner = result.0,
                    Seek::Loser => top.bind.loser = result.0,
                }
                // A duel binds both: the other of the two.
                if let Some(other) = contenders.minus(SeatSet::only(result)).lowest() {
                    if contenders.len() == 2 {
                        match seek {
                            Seek::Winner => top.bind.loser = other.0,
                            Seek::Loser => top.bind.winner = other.0,
                        }
                    }
                }
                let Node::Battle { then, .. } = self.content.node(top.node) else { return };
                s.run.replace(then);
            }
            Purpose::Final => {}
        }
    }

    fn final_battle_done<T: Teller<Event>>(&self, s: &mut State, told: &mut T) {
        let alive = self.alive_claimants(s);
        s.battles += 1;
        if alive.len() <= 1 || s.battles >= MAX_FINAL_BATTLES {
            s.winners = alive;
            s.phase = Phase::Over;
            let by = if alive.len() <= 1 { WonBy::FinalBattle } else { WonBy::FinalBattleLimit };
            s.stopped_by_limit = by == WonBy::FinalBattleLimit;
            told.public(|| Event::Won { winners: alive, by });
            return;
        }
        s.up = SeatSet::EMPTY;
        s.down = SeatSet::EMPTY;
        s.rerolled = SeatSet::EMPTY;
        s.phase = Phase::FinalBattle;
    }

    /// Whether the card kind `card` on top of the stack (played by `by`, aimed at `target`) reaches `seat`.
    pub(crate) fn affects(&self, s: &State, by: Seat, item: Item, seat: Seat) -> bool {
        if item.target == seat.0 {
            return true;
        }
        let root = self.content.node(self.content.cards[item.card as usize].effect);
        let bind = Bind::of(by);
        let reaches = |node: Node| match node {
            // A card played without a declared target (the Phantom's) may pick any candidate of its group.
            Node::Pick { from, range, .. } if item.target == NONE => {
                self.group(s, from, range, bind, by, item.immune).0.contains(seat)
            }
            Node::Each { from, range, .. } => self.group(s, from, range, bind, by, item.immune).0.contains(seat),
            Node::Battle { among, range, .. } => self.group(s, among, range, bind, by, item.immune).0.contains(seat),
            _ => false,
        };
        match root {
            Node::Sequence { first, len } => (0..len).any(|i| reaches(self.content.node(self.content.kid(first, i)))),
            other => reaches(other),
        }
    }

    /// Whether `card` may answer the top of the stack for `seat`.
    pub(crate) fn may_answer(&self, s: &State, seat: Seat, card: u8) -> bool {
        let Some(top) = s.window.top() else { return false };
        let by = self.owner(s, top.by);
        if by == seat || self.content.cards[card as usize].timing != Timing::Response {
            return false;
        }
        let Node::Cancel { icons } = self.content.node(self.content.cards[card as usize].effect) else { return false };
        let icon = self.content.cards[top.item.card as usize].icon;
        icons & (1 << icon as u8) != 0 && self.affects(s, by, top.item, seat)
    }
}
