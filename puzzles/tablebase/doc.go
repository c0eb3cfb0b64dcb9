// Package tablebase builds and probes endgame tablebases of Fanorona: for every position
// of a material class, its game-theoretic value under the rules without paika limit
// (engine.TheoreticRules) — win, draw or loss for the side to move — and the plies to the
// end with best play.
//
// A class is the material seen from the side to move (3v5: three pieces to move against
// five), which already merges the colour swap. Positions are numbered compactly: the
// smaller piece set up to the four board symmetries, times the combinatorial rank of the
// larger set among the remaining points, one byte a slot (about a quarter of a byte a
// board). Both classes of a material are built together by retrograde analysis: positions
// with a compulsory capture are resolved from smaller classes, built first; then, distance
// by distance, values pass back through paika un-moves. Work runs on all cores in chunks.
// A rule-aware build starts from the material's theoretic values when their files are
// there: a paika limit only draws, so they decide most positions at once (build.go).
//
// Each class is one file with a checked header and CRC-32C checksums (file.go); a damaged
// or mismatched file is refused with ErrDamaged. Builds write each material as soon as it
// is finished and skip materials already on disk, so an interrupted build continues.
//
// Every table, probe and file is of a Rule: Theoretic, or the rule-aware values of a paika
// limit (PaikaRule, RuleOf), so that one Probe, Table, Has, Classes, BestTurns and BestLine
// serve both. Oracle is the tables as the players' search probes them.
//
// OpenFolder reads a tablebase folder option the one way every command does (Resolve,
// CheckHeaders) and makes its tables ready (checked, the players' oracle made). The
// tablebase command's work is here, from its options as typed, with the records it
// prints: BuildRequest.Prepare and BuildAll, CheckedPlan, Probe, VerifyFolder and Stats;
// an option refused is an InputError naming it.
//
// The package imports only engine, internal/atomicfile, the standard library, zstd and s2.
package tablebase
