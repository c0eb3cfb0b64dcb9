// Package players owns the computer players of Fanorona: one small [Player] interface, a
// registry of levels built from short specs ("random", "greedy", "easy", "medium",
// "hard", "expert:depth=8", "expert:time=200ms", "mcts:playouts=2000"), and the search
// behind them.
//
// The levels, weakest first:
//
//   - random: uniform over the complete legal turns, p.Turns(rules, buf) (every capture
//     path counted separately).
//   - greedy: the turn that captures most, ties broken at random.
//   - easy, medium, hard: the three computer levels of the rule pages, a small alpha-beta
//     search over a material-dominated evaluation that weighs a limited number of
//     candidate turns and sometimes plays a merely good turn instead of the best.
//   - expert: iterative-deepening alpha-beta (PVS) with a transposition table, capture
//     quiescence, killer and history ordering, and optional tablebase probes ([Oracle]).
//   - mcts: UCT with random playouts.
//
// A spec is parsed and checked once, by [ParseSpec], into a [Spec] (which knows whether its
// players are [Spec.Deterministic]); [New] builds a player from it for each game, with no
// parsing left.
//
// Every random choice comes from the seed given to [New] (math/rand/v2, PCG), mixed with
// the position, so the same spec, seed and position always give the same turn. Limits by
// depth, nodes or playouts are reproducible; a time limit is the one exception.
//
// [AnalyzeRequest] is one analysis as a command asks for it, its refusals an
// [InputError], its answer a [Report].
//
// Players import only engine; they are not safe for concurrent use: make one per
// goroutine. docs/LEVELS.md gives each level's parameters and the measured ladder.
package players
