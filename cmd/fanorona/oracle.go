// oracle.go: what the players are given beyond their specs (tablebases, once built).

package main

import "github.com/fanorona/fanorona/players"

// playerOptions returns the options every player of a command is built with.
func playerOptions() []players.Option { return nil }
