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
