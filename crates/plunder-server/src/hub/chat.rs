//! A game's chat: which lines are plain enough to show (checked by the connection before the game sees them),
//! the seat or spectator a line is said as, the allowances per game and per address, and the history kept and
//! caught up with from other instances.

use plunder_core::Viewer;

use super::actor::Actor;
use crate::messages::ServerMessage;
use crate::store::ChatLine;

/// Whether `c` shows as something on the screen: not a space, a control or a format character (zero-width
/// spaces and joiners, direction marks, the byte-order mark, soft hyphens) or a blank that looks like a letter.
pub(super) fn visible(c: char) -> bool {
    const BLANKS: &[char] =
        &['\u{00AD}', '\u{034F}', '\u{115F}', '\u{1160}', '\u{180E}', '\u{2800}', '\u{3164}', '\u{FEFF}', '\u{FFA0}'];
    !(c.is_whitespace()
        || c.is_control()
        || BLANKS.contains(&c)
        || ('\u{200B}'..='\u{200F}').contains(&c)
        || ('\u{202A}'..='\u{202E}').contains(&c)
        || ('\u{2060}'..='\u{206F}').contains(&c)
        || ('\u{FE00}'..='\u{FE0F}').contains(&c)
        || ('\u{E0000}'..='\u{E007F}').contains(&c))
}

/// The invisible characters a chat line may hold: enough for a few joined emoji (joiners, variation selectors),
/// too few to stretch or hide a line.
pub(super) const MAX_INVISIBLE_IN_CHAT: usize = 8;

/// The combining marks one letter may carry in a chat line: enough for any language's accents, too few to stack
/// marks up over the lines around it.
pub(super) const MAX_MARKS_ON_ONE: usize = 3;

/// A character drawn onto the letter before it: a combining mark of any script (Unicode's category Mark: accents,
/// Devanagari's vowel signs, Thai's tone marks...) or a Hangul vowel or final written as a separate jamo, which
/// joins the syllable before it.
fn combining_mark(c: char) -> bool {
    unicode_normalization::char::is_combining_mark(c)
        || ('\u{1160}'..='\u{11FF}').contains(&c)
        || ('\u{D7B0}'..='\u{D7FF}').contains(&c)
}

/// Whether a chat line is plain text every client shows as sent: one line (no newline or other control
/// character: escape codes, NUL), no character that turns the direction of the text around it (an override
/// would reverse the next lines' look), few invisible characters, and no letter under a stack of marks.
pub(super) fn chat_text_is_plain(text: &str) -> bool {
    let turns_direction = |c: char| {
        matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}')
            || ('\u{202A}'..='\u{202E}').contains(&c)
            || ('\u{2066}'..='\u{2069}').contains(&c)
    };
    let invisible = text.chars().filter(|&c| c != ' ' && !visible(c)).count();
    let mut marks = 0;
    let stacked = text.chars().any(|c| {
        marks = if combining_mark(c) { marks + 1 } else { 0 };
        marks > MAX_MARKS_ON_ONE
    });
    // Unicode's line and paragraph separators break a line as a newline does, though they are not controls.
    let breaks_line = |c: char| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}');
    !text.chars().any(|c| breaks_line(c) || turns_direction(c)) && invisible <= MAX_INVISIBLE_IN_CHAT && !stacked
}

impl Actor {
    /// `client` (as `viewer`) says `text`, under nickname `name` if it gives one: stored, then told to everyone,
    /// unless refused (a spectator where spectators only read, a rate passed, a failed write).
    pub(super) async fn on_chat(&mut self, client: u64, viewer: Viewer, text: String, name: Option<String>) {
        let who = match viewer {
            Viewer::Seat(seat) => seat.to_string(),
            Viewer::Spectator if self.seating.spec.spectator_chat => "spectator".to_string(),
            Viewer::Spectator => {
                let refusal = "spectators read this table's chat only (a game created with spectator_chat \
                               lets them speak)";
                self.send_to(client, ServerMessage::error("spectator", refusal));
                return;
            }
        };
        if let Some(refusal) = self.chat_refusal(client) {
            self.send_to(client, ServerMessage::error("rate_limited", refusal));
            return;
        }
        // The seat (or "spectator") is the server's word; a nickname only stands beside it.
        let from = match name.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
            Some(name) => format!("{name} ({who})"),
            None => who,
        };
        let line = ChatLine { from, text };
        match self.hub.store.append_chat(&self.id, &line).await {
            // Lines another instance stored before this one (not caught up with yet) go out first, in
            // their order, this one with them.
            Ok(seq) if self.chat_next.is_some_and(|next| next < seq) => self.catch_up_chat().await,
            Ok(seq) => {
                if self.chat_next == Some(seq) {
                    self.chat_next = Some(seq + 1);
                }
                self.tell_chat(line);
            }
            Err(e) => self.send_to(client, ServerMessage::error("storage", e.to_string())),
        }
    }

    /// Sends this game's clients the chat lines said since this task last read the chat (on another instance),
    /// keeping them in its history; without a known place to read on from, the history is read again on the next
    /// join instead.
    pub(super) async fn catch_up_chat(&mut self) {
        let Some(from) = self.chat_next else {
            self.chat = None;
            return;
        };
        let kept = self.hub.config.limits.chat_history_lines;
        let Ok((lines, next)) = self.hub.store.chat_since(&self.id, from, kept).await else {
            self.chat = None;
            self.chat_next = None;
            return;
        };
        self.chat_next = Some(next);
        lines.into_iter().for_each(|line| self.tell_chat(line));
    }

    /// Keeps a stored chat line in the history and sends it to every client.
    fn tell_chat(&mut self, line: ChatLine) {
        let kept = self.hub.config.limits.chat_history_lines;
        if let Some(chat) = &mut self.chat {
            chat.push_back(line.clone());
            while chat.len() > kept {
                chat.pop_front();
            }
        }
        let ids: Vec<u64> = self.clients.keys().copied().collect();
        ids.into_iter().for_each(|id| self.send_to(id, ServerMessage::Chat(line.clone())));
    }

    /// Why `client` may not chat now, if it may not: its address or this game has had its lines for now (both
    /// checked before either is charged).
    fn chat_refusal(&mut self, client: u64) -> Option<String> {
        let limits = &self.hub.config.limits;
        let address = self.clients.get(&client)?.address;
        if !self.chat_allowance.has_token() {
            let rate = limits.chat_per_game.per_minute;
            return Some(format!("this table takes at most {rate} chat lines a minute; wait a moment"));
        }
        if !self.hub.take_chat_line(address) {
            let rate = limits.chat_per_address.per_minute;
            return Some(format!("one address may send at most {rate} chat lines a minute; wait a moment"));
        }
        self.chat_allowance.take();
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chat_lines_that_break_the_page_are_refused_and_joined_emoji_kept() {
        // (Vietnamese written with combining marks: two on one letter; Hindi's vowel signs and nasal marks, Thai's
        // vowels and tone marks, Tibetan's stacked letters, old Hangul's syllable in separate jamo.)
        let decomposed = "Vie\u{0323}\u{0302}t Nam";
        let scripts = ["नमस्ते, हिंदी", "สวัสดี ครับ", "བསྒྲུབས", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}"];
        for plain in ["ahoy", "a line with spaces", "ça va? ¡sí!", "👨‍👩‍👧‍👦 family", "❤️ ok", "مرحبا", "שלום", decomposed]
            .into_iter()
            .chain(scripts)
        {
            assert!(chat_text_is_plain(plain), "{plain:?} is refused");
        }
        let newlines = format!("{}a", "\n".repeat(499));
        let overrides = format!("a{}", "\u{202E}".repeat(499));
        let zero_width = format!("a{}", "\u{200B}".repeat(499));
        let zalgo = format!("a{}", "\u{0301}\u{0317}\u{0358}".repeat(166));
        // Marks of other scripts stack as well: Devanagari's vowel signs, Hangul's vowel jamo.
        let devanagari = format!("क{}", "\u{093F}\u{0941}\u{0947}".repeat(100));
        let hangul = format!("\u{1100}{}", "\u{1161}".repeat(300));
        for breaking in [
            "two\nlines",
            "line\u{2028}separator",
            "paragraph\u{2029}separator",
            "\u{1b}[31mred",
            "nul\0byte",
            "tab\there",
            &newlines,
            &overrides,
            &zero_width,
            &zalgo,
            &devanagari,
            &hangul,
        ] {
            assert!(!chat_text_is_plain(breaking), "{breaking:?} is accepted");
        }
    }
}
