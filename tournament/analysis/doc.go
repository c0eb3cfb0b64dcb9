// Package analysis owns the analysis board: a local web server (standard library
// net/http) with one page, its script and stylesheet embedded in the binary, and the JSON
// API under it. A researcher sets up a position, plays turns by clicking their steps,
// and asks the expert (players), the endgame tables (puzzles/tablebase) and the df-pn
// prover (puzzles/proof) about it; games of a run or of an exported file are opened and
// stepped through.
//
// The API (docs/PROTOCOL.md, "The analysis board") answers:
//
//   - POST /api/position: a position's legal turns, step by step, and its status;
//   - POST /api/play: the position after a turn;
//   - GET /api/analyse: the expert's analysis, one server-sent event per completed depth,
//     several lines (MultiPV) when asked;
//   - POST /api/probe: the tables' value, best turns and best line;
//   - POST /api/prove: a claim or the value proven within a time budget, with its
//     certificate;
//   - POST /api/games: the games of a games.jsonl or PGN-style text, replayed.
//
// Every request is bounded: bodies by size, reads and answers by time, searches by a
// time budget the server caps, one search at a time per client (a newer one supersedes
// it) and a few at a time in all; a search stops when its client leaves. Bad input gets
// a 400 with a one-line reason; a panic in a handler gets a 500, never the process.
//
// The server listens on loopback only unless its caller allows other addresses
// (CheckAddr), and answers only requests addressed to a loopback host name, so that a
// web page elsewhere cannot reach it through a name that resolves to 127.0.0.1.
//
// The serve command hands it a Request: the limits checked before any work, the tables
// folder opened for the session.
package analysis
