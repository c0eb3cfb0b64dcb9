// Package proof owns proofs of one-sided claims about Fanorona positions far beyond the
// endgame tables: a depth-first proof-number search (df-pn), the certificates it writes,
// and a checker of certificates that does not trust the search.
//
// A claim is one-sided: "this side wins" or "this side does not lose", under a paika limit
// (0: the theoretic rules, counters ignored). A value is two claims (Value).
//
// Why df-pn and not PN²: df-pn (Nagai 2002) expands the same nodes in the same order as
// best-first proof-number search, but depth-first with thresholds, so its whole memory is
// one transposition table of fixed size plus a stack of frames as deep as the current
// line. PN² keeps an explicit tree whose size grows with the proof and needs a second-level
// search below each of its leaves; df-pn needs neither. The search here uses the 1+ε trick
// of Pawlewicz and Lew (2007) on the child's threshold against thrashing.
//
// Leaves are the end of the game (no pieces, no legal turn: a loss; the paika limit: a
// draw; engine.Rules.Status), a position on the current line under the theoretic rules (a
// repetition: endless play, a draw), and a probe of the tables for every position whose
// class is built under the claim's rule. Proof and disproof numbers of a new node come
// from its mobility: a node where the claim's side moves starts at proof 1 and disproof
// "number of its turns", a node where the defender moves at proof "number of its turns"
// and disproof 1 (the df-pn+ initialisation with legal-move counts). The search answers
// Unknown when its budget (nodes, time, context) ends, never a heuristic score.
//
// A repetition's draw depends on the line, not on the position, so under the theoretic
// rules a stored result may be wrong for another line (the graph-history interaction).
// Every result is therefore re-derived by the checker from the certificate the prover
// extracts before it is reported (Prove): a claim the checker refuses is reported Unknown.
// Under a paika limit the counter is part of the key and no line repeats a key.
//
// A win the table holds is always a win, but once entries are overwritten its proof may
// be held only through a turn back into the line that needs it: the win through X was
// stored, then X's entry was proven again through that win. The extraction takes such a
// turn back and tries the position's other turns; when every one returns to the walk, it
// searches the position again aside, with a table of its own in which the positions on
// the walk count as draws, so that the proof it finds cannot return there.
//
// A draw the search cannot reach by repetitions on its line (the defender shuffles while
// the other side wanders: lines longer than any budget) is proven as a closed set
// (closure.go): under the theoretic rules "does not lose" holds on any set without a loss
// that the claim's side keeps the game inside whatever the other side plays. With
// Options.ClosedSets (prove, prove-sample), Prove gives it half of a bounded budget when
// df-pn is left undecided on at most 8 pieces (15/16 on at most 5, theoretic); on at most 5
// the set is the greatest over the positions reachable (reach.go); a theoretic "does not lose"
// holds under any paika limit too (the limit only ends lines in draws).
//
// The checker (Check) reads a certificate and re-derives its claim with the engine's move
// generator and the tables' probes only; it shares no code with the search.
//
// A campaign's state is a ledger (ledger.go): one line a job in a committed folder beside
// its certificates. A prover given it takes its decided positions as leaves, its
// certificates cite the ledger's there, and the checker follows each citation (cite.go);
// the standing of the opening is recomputed from the ledger alone (standing.go) and its
// jobs chosen by the proof and disproof numbers of that top (campaign.go).
//
// Run, CheckFile and RunSample take a request whole as a command gives it: its options
// checked in a fixed order, the tables opened from a folder option (OpenTables). They
// refuse with an InputError naming the option at fault, which the command names by its
// flag (a refused tables folder, or proof folder, is the Err of one).
package proof
