// Every game's words for the numbered things its view holds (a special die's kind, a face, an item's
// letter), generated from the games' Rust (`Narrate::client_words`) by crates/plunder-server/src/game_types.rs.
// Do not edit: `UPDATE_TYPES=1 cargo test -p plunder-server --test message_types` rewrites this file.
export const WORDS = {
  "liars-dice": {},
  "loot-pirates": {},
  "lying-pirates": {
    "battle_ranks": {
      "0": "not rolled",
      "1": "Skull",
      "2": "Single",
      "3": "Double"
    },
    "faces": {
      "7": "blank",
      "8": "skull"
    },
    "special_dice": {
      "1": {
        "id": "pirate_king",
        "name": "Pirate King"
      },
      "2": {
        "id": "mermaid",
        "name": "Mermaid Die"
      },
      "3": {
        "id": "ghost",
        "name": "Ghost Die"
      },
      "4": {
        "id": "cursed",
        "name": "Cursed Die"
      }
    }
  },
  "pirate-haven": {
    "items": {
      "C": {
        "id": "cannon",
        "name": "Cannon"
      },
      "F": {
        "id": "food",
        "name": "Food"
      },
      "G": {
        "id": "gold",
        "name": "Gold"
      },
      "P": {
        "id": "pirate",
        "name": "Pirate"
      },
      "R": {
        "id": "rum",
        "name": "Rum"
      },
      "S": {
        "id": "ship",
        "name": "Ship"
      }
    }
  },
  "pirates-flag": {},
  "scallywager": {
    "round": "turn"
  }
};

// How the generic drawing draws each game's view fields, by path (`Narrate::presentation`).
export const PRESENT = {
  "liars-dice": {
    "dice_counts": "cups",
    "last_showdown.dice": "faces",
    "my_dice": "faces",
    "rolling": "seats",
    "winners": "seats"
  },
  "loot-pirates": {
    "aimed": "seats",
    "aims": "by_seat",
    "booty": "coins",
    "coins": "coins",
    "contestants": "seats",
    "fired": "seats",
    "my_dice": "named_faces",
    "offers_left": "by_seat",
    "reserve": "coins",
    "shown_to_me.dice": "named_faces",
    "to_roll": "seats",
    "waiting": "seats",
    "winners": "seats"
  },
  "lying-pirates": {
    "coins": "coins",
    "dice": "cups",
    "hand_sizes": "by_seat",
    "in_phase": "seats",
    "movers": "seats",
    "my_dice": "faces",
    "progress": "by_seat",
    "shown": "faces",
    "spied.faces": "faces",
    "winners": "seats"
  },
  "pirate-haven": {
    "coup": "by_seat",
    "islands": "by_seat",
    "pos": "by_seat",
    "scores": "by_seat",
    "statues": "by_seat",
    "statues_left": "count"
  },
  "pirates-flag": {
    "captains": "by_seat",
    "captains_used": "seats",
    "hand_sizes": "by_seat",
    "last_rolls.faces": "faces",
    "movement_dice": "count",
    "positions": "by_seat",
    "rolls.faces": "faces",
    "visiting": "seats"
  },
  "scallywager": {
    "answering": "seats",
    "boarders": "seats",
    "concealed": "by_seat",
    "crew": "cups",
    "ghosts": "seats",
    "last_showdown.dice": "faces",
    "my_dice": "faces",
    "passed": "seats",
    "powder_kegs": "count",
    "treasure": "by_seat",
    "winners": "seats"
  }
};
