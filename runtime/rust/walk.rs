//! What the checker's walk keeps: the elements visited, each by its parent and place, and the elements waiting.

use crate::findings::push_pointer;

/// A key on the way down to a value: an object's key or an array's index.
#[derive(Clone, Copy)]
pub(crate) enum Key<'a> {
    Name(&'a str),
    Index(usize),
}

/// The elements visited, numbered in the order visited: each one's parent, index among its siblings, and id.
pub(crate) struct Visited<'a> {
    pub parents: Vec<usize>,
    pub indexes: Vec<usize>,
    pub ids: Vec<Option<&'a str>>,
}

/// No element: the answer itself, or the root's parent.
pub(crate) const NONE: usize = usize::MAX;

impl<'a> Visited<'a> {
    pub fn add(&mut self, parent: usize, index: usize, id: Option<&'a str>) -> usize {
        self.parents.push(parent);
        self.indexes.push(index);
        self.ids.push(id);
        self.ids.len() - 1
    }

    /// The pointer from the answer down to visited element `n`; empty for the answer itself.
    pub fn pointer(&self, n: usize, tree: &crate::spec_data::Tree) -> String {
        let mut chain = Vec::new();
        let mut at = n;
        while at != NONE {
            chain.push(at);
            at = self.parents[at];
        }
        let mut out = String::new();
        for (i, &element) in chain.iter().rev().enumerate() {
            if i == 0 {
                push_pointer(&mut out, tree.root);
            } else {
                push_pointer(&mut out, tree.children);
                out.push('/');
                out.push_str(&self.indexes[element].to_string());
            }
        }
        out
    }
}

/// An element waiting on the walk's stack, with what it needs from its parent.
pub(crate) struct Frame<'a, J> {
    pub value: &'a J,
    pub parent: usize,
    pub index: usize,
    pub depth: usize,
    pub parent_id: Option<&'a str>,
    /// Which path states the parent sets, one bit per path state.
    pub parent_bits: u64,
}
