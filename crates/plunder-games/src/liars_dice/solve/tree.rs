//! The public tree of a round: every set of bids made, in depth-first order, with each node's legal actions
//! laid out contiguously.

/// One public node: the bids made so far (`history`, a bit mask over the bids in raise order) and where its
/// actions sit in the per-edge tables.
#[derive(Copy, Clone, Debug)]
pub(super) struct Node {
    pub history: usize,
    /// The seat to act: seat 0 opens and the seats alternate.
    pub actor: usize,
    /// The node's actions are edges `edge..edge + actions`: the open bids from `first_bid` up in raise order,
    /// then liar (once a bid stands).
    pub edge: usize,
    pub first_bid: usize,
    pub actions: usize,
}

impl Node {
    /// Whether liar may be called (a bid stands).
    pub fn has_call(&self) -> bool {
        self.history != 0
    }

    /// The standing bid: the highest bit of the history.
    pub fn last_bid(&self) -> usize {
        self.first_bid - 1
    }
}

/// The public tree. Bids only rise, so a history is the set of bids made, and its parent is the history
/// without its highest bid. Nodes are stored in depth-first pre-order (a node, then the subtree of each open
/// bid in raise order), so a traversal streams through the per-edge tables in memory order.
#[derive(Clone, Debug)]
pub(super) struct PublicTree {
    bids: usize,
    nodes: Vec<Node>,
    /// The node of each history.
    node_of: Vec<usize>,
    edges: usize,
}

impl PublicTree {
    /// The tree of `bids` bids (every later bid raises every earlier one).
    pub fn new(bids: usize) -> PublicTree {
        let mut tree = PublicTree { bids, nodes: Vec::with_capacity(1 << bids), node_of: vec![0; 1 << bids], edges: 0 };
        tree.add(0, 0);
        tree
    }

    fn add(&mut self, history: usize, first_bid: usize) {
        let actions = self.bids - first_bid + usize::from(history != 0);
        self.node_of[history] = self.nodes.len();
        self.nodes.push(Node {
            history,
            actor: history.count_ones() as usize % 2,
            edge: self.edges,
            first_bid,
            actions,
        });
        self.edges += actions;
        for bid in first_bid..self.bids {
            self.add(history | 1 << bid, bid + 1);
        }
    }

    pub fn bids(&self) -> usize {
        self.bids
    }

    /// Edges (node, action) in the whole tree.
    pub fn edges(&self) -> usize {
        self.edges
    }

    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    pub fn node(&self, index: usize) -> Node {
        self.nodes[index]
    }

    /// The index of `history`'s node.
    pub fn index(&self, history: usize) -> usize {
        self.node_of[history]
    }

    /// The node of `history`.
    pub fn at(&self, history: usize) -> Node {
        self.nodes[self.index(history)]
    }

    /// How many nodes the subtree after `bid` holds (the node itself and every set of higher bids): the
    /// distance in pre-order from one bid's child to the next bid's.
    pub fn subtree_after(&self, bid: usize) -> usize {
        1 << (self.bids - 1 - bid)
    }

    /// The action ids at `node` (bid `k` is `k`, liar is the number of bids), in edge order.
    pub fn actions(&self, node: Node) -> impl Iterator<Item = usize> {
        (node.first_bid..self.bids).chain(node.has_call().then_some(self.bids))
    }

    /// The edge of action id `action` at `node`.
    pub fn edge(&self, node: Node, action: usize) -> usize {
        if action == self.bids {
            node.edge + node.actions - 1
        } else {
            node.edge + action - node.first_bid
        }
    }
}
