//! Text for people: how a game describes a view, and its told events in words. Front ends print only this, built
//! from views and from the events told to the viewer, so text can never show more than the viewer may know.
//!
//! Beyond `describe` and `tell`, a game may teach: a rules summary and its designed content for `plunder
//! rules`, what each choice means, which choices a long menu always shows, how to read a move typed in the
//! game's own notation (a bid as `3x5`), and notes for a player asking for a hint. Each has a default, so a
//! new game plays in every front end before it says more.

use crate::{Game, Seat, SeatSet};

/// A game's words for terminals and logs.
pub trait Narrate: Game {
    /// The table as `view`'s viewer sees it: several lines.
    fn describe(&self, view: &Self::View) -> String;
    /// An event in words for people, with its cause: names, never ids; one line.
    fn tell(&self, event: &Self::Event) -> String;

    /// Whether another line tells what `event` does (one die of a roll whose faces and total follow; one tile
    /// of a map told as a whole), so that a log read by people leaves its line out; programs still get the
    /// event and its line. `false` by default.
    fn told_elsewhere(&self, event: &Self::Event) -> bool {
        let _ = event;
        false
    }

    /// Whether what waits now concerns `seat`, read from `public`, the spectator's view (it is the seat's own turn,
    /// or something waiting to resolve is aimed at it or involves it: a battle it fights, a card on it, a move of
    /// its ship). A front end whose person keeps the default stops ([`crate::Stops::Mine`]) passes for them, unasked,
    /// in an answer window that does not concern them ([`crate::unasked_pass`]). Only the spectator's view goes
    /// in, so that a pass taken this way cannot tell what the seat holds. `true` by default: every window stops
    /// everyone, as before.
    fn concerns(&self, public: &Self::View, seat: Seat) -> bool {
        let _ = (public, seat);
        true
    }

    /// Whether a seat's stops can ever matter: the game has answer windows and implements [`Narrate::concerns`]
    /// so that some of them leave a seat out. Front ends offer the stops setting (the terminal's `stops`, the
    /// browser's "Stop me at every chance to answer") only when it is `true`. A game that implements `concerns`
    /// says so here; `false` by default (every window stops everyone, so `stops` would change nothing). The
    /// games' tests hold the two together: a game saying `false` never leaves a seat out.
    fn stops_matter(&self) -> bool {
        false
    }

    /// An action's label for people, where the game knows more than the action itself (card names, say).
    fn label(&self, action: &Self::Action) -> String {
        action.to_string()
    }

    /// An action's label for the viewer of `view`, where the table says more than the action (whose captain,
    /// which die): front ends that hold the deciding seat's view label menus with this.
    fn label_in_view(&self, view: &Self::View, action: &Self::Action) -> String {
        let _ = view;
        self.label(action)
    }

    /// `action`'s label as the steps a menu may ask one at a time: what is done, then its details (whom, how far),
    /// so that choices sharing their first steps share a menu line (a captain able to move any ship up to 4
    /// spaces either way is one line, not 32). One step (the default) must be the whole label, `label_in_view`.
    fn choice_steps(&self, view: &Self::View, action: &Self::Action) -> Vec<String> {
        vec![self.label_in_view(view, action)]
    }

    /// Whether an action's words (its label, steps and place at the head of a menu) read the view. `false`
    /// declares that they come from the action alone, so a front end may write each action's entry once a
    /// game (the server does, for the long bid lists). `true` (the default) is always safe. The games' tests
    /// hold a game declaring `false` to it over random positions.
    fn words_read_view(&self) -> bool {
        true
    }

    /// The table people sit down to when they choose nothing (the lobby's "Play against bots", `plunder play`
    /// without `--players` or `--options`), where the game's defaults are not it: `(players, options)`. `None`
    /// (the default): the defaults. (Liar's dice's defaults are OpenSpiel's research game; people play five dice each to the last die.)
    fn table_for_people(&self) -> Option<(usize, serde_json::Value)> {
        None
    }

    /// The game's words for the numbered or lettered things its view holds (a special die's kind, a die's face,
    /// an item's letter), for front ends that draw them: the browser client's are generated from these
    /// (`static/games/constants.js`), so renumbering or renaming one here changes the boards too; `round`, the
    /// word for the unit `Game::round` counts where it is not "round". An empty object (the default): the view
    /// needs no words.
    fn client_words(&self) -> serde_json::Value {
        serde_json::json!({})
    }

    /// How a client without the game's own board draws its view (the browser's generic drawing, also its raw
    /// view for developers): a view field's path (`my_dice`, `last_showdown.dice`; list items share their list's
    /// path) and what it holds: `"faces"` (die faces; a list of lists is one a seat), `"named_faces"` (faces by
    /// name, `{"red": 3}`), `"cups"` (how many dice each seat's cup holds), `"coins"` (a count of coins, or one a
    /// seat), `"count"` (a small count), `"seats"` (a set of seats), `"by_seat"` (a list with one entry a seat).
    /// Declared, so that a field's name never decides how it is drawn. An empty object (the default): every
    /// field drawn as plain values.
    fn presentation(&self) -> serde_json::Value {
        serde_json::json!({})
    }

    /// How to read the symbols `describe` draws, where it needs a key: front ends show it once, before the first
    /// board a person reads, and again on `? key`. `None` (the default): the boards read without one.
    fn key(&self) -> Option<String> {
        None
    }

    /// A chance outcome's label for people (a card's name rather than its number).
    fn chance_label(&self, chance: &Self::Chance) -> String {
        chance.to_string()
    }

    /// The rules in a few short paragraphs: what a first-time player needs at the table.
    fn rules_summary(&self) -> String {
        format!("{}: see docs/rules/{}.md for the rules.", Self::NAME, Self::ID)
    }

    /// What each option means, by its JSON name (the defaults come from the options themselves).
    fn option_meanings(&self) -> Vec<(&'static str, &'static str)> {
        Vec::new()
    }

    /// The game's designed content (cards, tables), for `plunder rules`; empty if it has none.
    fn designed_content(&self) -> String {
        String::new()
    }

    /// What choosing `action` now means, in one line, for the viewer of `view` (empty: the label says it all).
    fn explain(&self, view: &Self::View, action: &Self::Action) -> String {
        let _ = (view, action);
        String::new()
    }

    /// Whether a menu shows `action`, for the viewer of `view`, at its head above the rest (the calls that end a
    /// bidding round, an exact call on the standing bid, the passes), so that a long menu never hides it and a
    /// number keeps its meaning from screen to screen. The head keeps the legal actions' order.
    fn always_shown(&self, view: &Self::View, action: &Self::Action) -> bool {
        let _ = (view, action);
        false
    }

    /// A question to ask before `action` is taken on a bare number, where a slip of the finger would spend
    /// something for good (a once-per-game ability): front ends that number their menus ask it and take the
    /// action only on a yes. `None`: no question (the default).
    fn confirm(&self, view: &Self::View, action: &Self::Action) -> Option<String> {
        let _ = (view, action);
        None
    }

    /// An action typed in the game's own notation (`3x5`, `three 5s`, `liar`), whether legal now or not; `None`
    /// if the text is not in that notation (front ends then match it against the choices' labels).
    fn read_action(&self, text: &str) -> Option<Self::Action> {
        let _ = text;
        None
    }

    /// How to type a choice in this game, for the start screen: one line of examples.
    fn typing_hint(&self) -> String {
        "Type the number of your choice, or a word of it".to_string()
    }

    /// What the viewer of `view` may like to know before deciding, beyond what a bot would do (the odds that
    /// the standing bid holds, say). Built from the view only.
    fn hint_notes(&self, view: &Self::View) -> Vec<String> {
        let _ = view;
        Vec::new()
    }

    /// Why the game's best bot would choose `action` for the viewer of `view` (which is to act), in a player's
    /// words: "+3 Fame at the end: Rum sets", "the only tile ahead you can take". Front ends show it after the
    /// `hint`'s choice. `None` (the default): the game gives no reason.
    fn hint_reason(&self, view: &Self::View, action: &Self::Action) -> Option<String> {
        let _ = (view, action);
        None
    }

    /// Text about a thing named `name` at the table (a card, a term), for `? NAME`; `None` if unknown.
    fn look_up(&self, name: &str) -> Option<String> {
        let _ = name;
        None
    }

    /// `? NAME` at a decision: [`Narrate::look_up`], or what the view shows of `name` that the board leaves out
    /// (another player's island in full, say).
    fn look_up_in_view(&self, view: &Self::View, name: &str) -> Option<String> {
        let _ = view;
        self.look_up(name)
    }

    /// What the viewer of `view` just did with `action`, when it gives something away (doubloons, a look at
    /// its dice): one line for the player who did it, said back to them.
    fn receipt(&self, view: &Self::View, action: &Self::Action) -> Option<String> {
        let _ = (view, action);
        None
    }
}

/// The line that announces the end: `Winner: seat 2`, or `Winners: seat 1, seat 3` on a shared win.
pub fn winners_line(winners: SeatSet) -> String {
    let names: Vec<String> = winners.iter().map(|s| s.to_string()).collect();
    format!("Winner{}: {}", if names.len() > 1 { "s" } else { "" }, names.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Seat;

    #[test]
    fn one_winner_is_singular_and_several_are_plural() {
        assert_eq!(winners_line(SeatSet::only(Seat(1))), format!("Winner: {}", Seat(1)));
        let both: SeatSet = [Seat(0), Seat(2)].into_iter().collect();
        assert_eq!(winners_line(both), format!("Winners: {}, {}", Seat(0), Seat(2)));
    }
}
