//! Unguessable ids and seat tokens. A token is shown once, in its seat's join link; the server keeps only its
//! SHA-256, so a read of the database does not let anyone act for a seat.

use sha2::{Digest, Sha256};

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `bytes` random bytes from the operating system, as hex.
fn random_hex(bytes: usize) -> String {
    let mut buffer = vec![0u8; bytes];
    getrandom::getrandom(&mut buffer).expect("the operating system gives random bytes");
    hex(&buffer)
}

/// A new game id: 96 random bits.
pub fn new_game_id() -> String {
    random_hex(12)
}

/// A new seat token: 256 random bits.
pub fn new_token() -> String {
    random_hex(32)
}

/// A random seed for a new game's dice.
pub fn new_seed() -> u64 {
    let mut buffer = [0u8; 8];
    getrandom::getrandom(&mut buffer).expect("the operating system gives random bytes");
    u64::from_le_bytes(buffer)
}

/// What the server stores of a token.
pub fn hash_token(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// The id of game `id`'s rematch: derived, so that two players asking at once get the same new game.
pub fn rematch_id(id: &str) -> String {
    hex(&Sha256::digest(format!("rematch of {id}").as_bytes())[..12])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_differ_and_hash_to_a_fixed_length_digest_that_is_not_the_token() {
        let (a, b) = (new_token(), new_token());
        assert_ne!(a, b);
        assert_eq!(a.len(), 64);
        assert_eq!(hash_token(&a), hash_token(&a));
        assert_ne!(hash_token(&a), hash_token(&b));
        assert_ne!(hash_token(&a), a);
        assert_eq!(hash_token("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
