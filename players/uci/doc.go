// Package uci speaks the UCI-like text protocol of the open Fanorona engine
// an-do-ni-ai-na/fanorona, both ways: Serve runs one of our players as an engine on a
// pair of streams, and Engines starts external engine programs and plays them as
// players.Player values, turning every way an engine can fail (crash, illegal or
// unparsable move, overrun clock, silence) into a ForfeitError that loses the game. The
// commands hand it their settings whole: ServeRequest (checked, its tables opened) and
// the engines their flags declare (DeclareAll, Launch).
// The dialect is described in docs/PROTOCOL.md.
package uci
