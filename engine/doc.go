// Package engine owns the rules of Fanorona: the 5×9 board as bitboards, positions and
// their FEN, complete turns and their notation, legal-turn generation, game status and
// perft (its request checked, its report and the listing of legal turns as the commands
// print them). It imports only the standard library; every other package of the project
// stands on it.
//
// The contract is docs/RULES.md: White moves first from
// BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW, capture is compulsory, a capture
// removes a whole line by approach or withdrawal, and the capturing piece may chain further
// captures in a new direction without revisiting a point.
//
// Hot paths allocate nothing: Position.Turns appends to a caller-supplied buffer, a Turn is
// a small value, and positions are copied rather than undone (copy-make).
package engine
