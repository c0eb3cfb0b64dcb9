// Command badengine is a misbehaving engine for the tests of package uci: it plays the
// first legal turn for its first N turns of a game, then does what its mode says.
//
//	badengine MODE N
//
// Modes: crash (exits), illegal (a well-formed illegal turn), garbage (an unparsable
// bestmove), silent (never answers go, ignores stop), slow (answers only on stop),
// noisy (stray lines around every answer, but legal turns: it must not lose by them),
// mute (never finishes the handshake).
package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/fanorona/fanorona/engine"
)

func main() {
	mode, after := os.Args[1], 0
	if len(os.Args) > 2 {
		after, _ = strconv.Atoi(os.Args[2])
	}
	r := engine.DefaultRules()
	pos := engine.Start()
	played := 0 // turns answered in this game
	pending := false
	out := bufio.NewWriter(os.Stdout)
	say := func(format string, args ...any) {
		fmt.Fprintf(out, format+"\n", args...)
		out.Flush()
	}
	fmt.Fprintln(os.Stderr, "badengine", mode, "started")
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			if mode == "mute" {
				continue
			}
			say("id name badengine %s", mode)
			say("uciok")
		case "isready":
			say("readyok")
		case "ucinewgame":
			played = 0
		case "position":
			pos = engine.Start()
			i := 2
			if f[1] == "fen" {
				for i = 2; i < len(f) && f[i] != "moves"; i++ {
				}
				pos = engine.MustParseFEN(strings.Join(f[2:i], " "))
			}
			for _, m := range f[min(i+1, len(f)):] {
				t, err := pos.ParseTurn(r, m)
				if err != nil {
					fmt.Fprintln(os.Stderr, "bad move from the client:", m, err)
					os.Exit(5)
				}
				pos = pos.Play(t)
			}
		case "go":
			played++
			turns := pos.Turns(r, nil)
			if played <= after || mode == "noisy" {
				if mode == "noisy" {
					say("info string thinking hard")
					say("this is not a protocol line")
					say("info depth x score cp y pv zz")
				}
				say("bestmove %s", turns[0])
				continue
			}
			fmt.Fprintln(os.Stderr, "misbehaving now:", mode)
			switch mode {
			case "crash":
				os.Exit(3)
			case "illegal":
				say("bestmove a1a2") // a2 holds a white piece at the start, and in general
			case "garbage":
				say("bestmove xyzzy!")
			case "slow":
				pending = true
			case "silent":
			}
		case "stop":
			if pending {
				pending = false
				say("bestmove %s", pos.Turns(r, nil)[0])
			}
		case "quit":
			return
		}
	}
}
