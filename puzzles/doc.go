// Package puzzles solves Fanorona positions and keeps a curated collection of endgame
// puzzles. Solve answers from the endgame tablebases (package tablebase) where the
// material is built and searches beyond them — a depth-first proof search with iterative
// deepening and a transposition table that probes the tablebases whenever a capture
// brings the material within reach — and says "unknown" when the budget ends without a
// proof: a heuristic score is never reported as a value. That bounded search is Search;
// Solve adds, when asked, a df-pn proof (package puzzles/proof) beyond it. Run takes a
// solve as a command asks for it (Query: a FEN, a tablebase folder option) and says when
// no table answered.
//
// The collection (collection.go) holds telo noho dimy positions (three against five), the
// longest wins of the built classes, and positions whose only winning turn is a quiet
// step or a withdrawal; their values are recorded in testdata/puzzles and checked by the
// tests against the tablebases.
package puzzles
