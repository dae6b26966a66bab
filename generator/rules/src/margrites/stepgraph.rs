//! One turn as a graph of its half-made turns: what a reader who makes a turn
//! step by step can reach. Node 0 is the turn's start; each node lists every
//! legal step from it, and a step leads either to another half-made turn or,
//! where no legal step is left (four steps made, nothing legal, or the game
//! over), to the finished turn. Half-made turns with the same futures (the
//! same board, standings, steps made and stepped pieces' starts) are one node,
//! so the graph stays small where the step sequences number in the thousands.

use std::collections::HashMap;

use super::capture::Cascade;
use super::position::Position;
use super::step::Step;
use super::turngen::{finish, node_key};

/// Where a step leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepTarget {
    /// A half-made turn: the number of its node.
    Node(u32),
    /// The turn is over: the position after it (turn ended, or game over).
    Finished(Position),
}

/// One legal step from a half-made turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepEdge {
    /// The step.
    pub step: Step,
    /// The captures it causes, round by round.
    pub cascade: Cascade,
    /// Where it leads.
    pub target: StepTarget,
}

/// A half-made turn and its legal steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepNode {
    /// The position with the steps made so far.
    pub position: Position,
    /// Every legal step, in generation order.
    pub steps: Vec<StepEdge>,
}

/// The graph of one turn (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepGraph {
    /// The half-made turns; the first is the turn's start.
    pub nodes: Vec<StepNode>,
}

/// The turn has more half-made turns than the caller allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the turn has more than {0} half-made turns")]
pub struct TooManySteps(pub usize);

/// The graph of the turn `pos` is in, from where it stands; at most
/// `max_nodes` half-made turns. A position whose game is over, or whose turn
/// has no legal step (a forfeit), gives one node without steps.
///
/// # Errors
/// [`TooManySteps`] when the turn has more half-made turns than `max_nodes`.
pub fn step_graph(pos: &Position, max_nodes: usize) -> Result<StepGraph, TooManySteps> {
    let mut nodes = vec![StepNode {
        position: *pos,
        steps: Vec::new(),
    }];
    let mut known = HashMap::from([(node_key(pos), 0u32)]);
    let mut next = 0;
    while next < nodes.len() {
        let here = nodes[next].position;
        let mut steps = Vec::new();
        if !here.is_over() {
            for step in here.legal_steps() {
                let mut child = here;
                let report = child.play_step_unchecked(step);
                let target = if child.legal_steps().is_empty() {
                    StepTarget::Finished(finish(child))
                } else {
                    let n = nodes.len() as u32;
                    let id = *known.entry(node_key(&child)).or_insert_with(|| {
                        nodes.push(StepNode {
                            position: child,
                            steps: Vec::new(),
                        });
                        n
                    });
                    if nodes.len() > max_nodes {
                        return Err(TooManySteps(max_nodes));
                    }
                    StepTarget::Node(id)
                };
                steps.push(StepEdge {
                    step,
                    cascade: report.cascade,
                    target,
                });
            }
        }
        nodes[next].steps = steps;
        next += 1;
    }
    Ok(StepGraph { nodes })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::margrites::turngen::{count_sequences, distinct_turns};
    use crate::margrites::{Options, Setup, Square};
    use std::collections::HashSet;

    fn position(black: &[&str], white: &[&str]) -> Position {
        let sq = |s: &&str| s.parse::<Square>().unwrap();
        let setup = Setup {
            black: black.iter().map(sq).collect(),
            white: white.iter().map(sq).collect(),
        };
        Position::new(&setup, Options::STANDARD).unwrap()
    }

    /// Counts the step sequences through the graph.
    fn sequences(g: &StepGraph, node: u32, memo: &mut HashMap<u32, u64>) -> u64 {
        if let Some(&n) = memo.get(&node) {
            return n;
        }
        let n = g.nodes[node as usize]
            .steps
            .iter()
            .map(|e| match e.target {
                StepTarget::Node(k) => sequences(g, k, memo),
                StepTarget::Finished(_) => 1,
            })
            .sum();
        memo.insert(node, n);
        n
    }

    #[test]
    fn the_graph_holds_every_sequence_and_every_distinct_turn() {
        let pos = position(
            &["a1", "b1", "c1", "d1", "e1", "f1", "d2", "e2"],
            &["a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"],
        );
        let g = step_graph(&pos, 1_000_000).unwrap();
        assert_eq!(sequences(&g, 0, &mut HashMap::new()), count_sequences(&pos));
        let finished: HashSet<u64> = g
            .nodes
            .iter()
            .flat_map(|n| n.steps.iter())
            .filter_map(|e| match e.target {
                StepTarget::Finished(p) => Some(p.hash()),
                StepTarget::Node(_) => None,
            })
            .collect();
        let distinct: HashSet<u64> = distinct_turns(&pos)
            .iter()
            .map(|t| t.after.hash())
            .collect();
        assert_eq!(finished, distinct);
        // Every step of every node is legal where it stands.
        for n in &g.nodes {
            for e in &n.steps {
                assert!(n.position.check_step(e.step).is_ok());
            }
        }
        assert!(matches!(step_graph(&pos, 10), Err(TooManySteps(10))));
    }

    #[test]
    fn a_finished_game_has_no_steps() {
        let mut pos = position(
            &["a1", "b1", "c1", "d1", "e1", "f1", "d2", "e2"],
            &["a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"],
        );
        assert!(!pos.is_over());
        pos.resign(crate::margrites::Color::Black);
        let g = step_graph(&pos, 10).unwrap();
        assert_eq!(g.nodes.len(), 1);
        assert!(g.nodes[0].steps.is_empty());
    }
}
