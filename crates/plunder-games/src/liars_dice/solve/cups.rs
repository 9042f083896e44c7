//! A seat's possible cups: the multisets of its dice, with their chance probabilities.

/// One seat's possible cups: sorted dice and their probability.
#[derive(Clone, Debug)]
pub(super) struct CupSet {
    pub dice: Vec<Vec<u8>>,
    pub probability: Vec<f64>,
}

impl CupSet {
    /// Every sorted cup of `dice` dice of `faces` faces, with its probability.
    pub fn new(dice: u8, faces: u8) -> CupSet {
        let mut set = CupSet { dice: Vec::new(), probability: Vec::new() };
        let mut cup = Vec::new();
        set.extend(&mut cup, dice as usize, 1, faces);
        let total = (faces as f64).powi(dice as i32);
        for cup in &set.dice {
            // Orderings of the multiset: n! / prod(k_f!).
            let mut ways = factorial(cup.len());
            for face in 1..=faces {
                ways /= factorial(cup.iter().filter(|&&d| d == face).count());
            }
            set.probability.push(ways / total);
        }
        set
    }

    fn extend(&mut self, cup: &mut Vec<u8>, left: usize, from: u8, faces: u8) {
        if left == 0 {
            self.dice.push(cup.clone());
            return;
        }
        for face in from..=faces {
            cup.push(face);
            self.extend(cup, left - 1, face, faces);
            cup.pop();
        }
    }

    pub fn len(&self) -> usize {
        self.dice.len()
    }
}

fn factorial(n: usize) -> f64 {
    (1..=n).map(|k| k as f64).product()
}
