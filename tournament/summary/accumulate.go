// accumulate.go: the Accumulator, which takes records one at a time and keeps only
// counts: per matchup, per player and per pair of players, plus 8 bytes a distinct game
// (and pair and opening) to tell repeats, and the first game of each pair until its
// second arrives. A run, stats and merge feed it as games finish or lines are read.

package summary

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/stats"
)

// Matchup is the two specs of a game without regard to colour: A < B, or in self-play
// A alone (B empty).
type Matchup struct{ A, B string }

// MatchupOf returns the matchup of a game between white and black.
func MatchupOf(white, black string) Matchup {
	switch {
	case white == black:
		return Matchup{A: white}
	case black < white:
		return Matchup{black, white}
	}
	return Matchup{white, black}
}

// String names the matchup as the summary's rows do: "X" for self-play, otherwise "X vs Y".
func (m Matchup) String() string {
	if m.B == "" {
		return m.A
	}
	return m.A + " vs " + m.B
}

// Players returns the matchup's specs: one in self-play, else two.
func (m Matchup) Players() []string {
	if m.B == "" {
		return []string{m.A}
	}
	return []string{m.A, m.B}
}

// firstTurnKey names the games of a matchup with one first turn from the start.
type firstTurnKey struct {
	m    Matchup
	turn string
}

// Accumulator gathers the statistics of records as they come. Its memory does not grow
// with the number of games, only with the number of distinct games (8 bytes each, in
// open-addressing sets of hashes), the players, and the pairs whose second game has not
// arrived yet.
type Accumulator struct {
	sprt        *SPRTConfig
	sprtStopped bool     // the run stopped on the SPRT's decisions
	order       []string // player order of the run, when known

	games    int
	distinct record.HashSet // game hashes
	pairSet  record.HashSet // hashes of complete distinct pairs
	openings record.HashSet // opening FENs
	runs     map[string]bool

	groups  map[Matchup]*groupAcc // per matchup
	all     groupAcc
	players map[string]*playerAcc
	pairs   map[[2]string]*pairAcc      // key: the two specs, alphabetical
	fit     map[[2]string]*[2]stats.WDL // White spec, Black spec → White's results: every game, distinct games
	// byFirstTurn: per matchup and White's first turn from the start, the games that
	// have one (Record.FirstTurn).
	byFirstTurn map[firstTurnKey]*groupAcc

	deterministic func(spec string) bool     // whether a player spec always plays the same game, when no run.json says
	fixed         map[string]bool            // spec → deterministic (cached)
	recorded      map[string]*runDeterminism // games file → what its run.json records (nil: nothing)
}

// NewAccumulator returns an empty accumulator. sprt, if not nil, is applied to every
// pair of players; order, if not nil, is the order players are listed in (otherwise
// alphabetical). Games between two players that choose the same turn in the same
// position whatever their seed count once however often they repeat: which players do is
// read from the run.json beside each games file (its "deterministic" field), and for
// records without one decided by deterministic (nil: SpecDeterministic).
func NewAccumulator(sprt *SPRTConfig, order []string, deterministic func(spec string) bool) *Accumulator {
	if deterministic == nil {
		deterministic = SpecDeterministic
	}
	return &Accumulator{sprt: sprt, order: order, deterministic: deterministic, runs: map[string]bool{},
		groups: map[Matchup]*groupAcc{}, byFirstTurn: map[firstTurnKey]*groupAcc{}, players: map[string]*playerAcc{},
		pairs: map[[2]string]*pairAcc{}, fit: map[[2]string]*[2]stats.WDL{}, fixed: map[string]bool{},
		recorded: map[string]*runDeterminism{}}
}

// repeatable reports whether a game of r's players can only repeat by being the same
// game again: both players deterministic and the game not lost by an engine's failure.
// Between players that choose at random, identical games are independent draws and
// each counts.
func (a *Accumulator) repeatable(r *record.Record, file string) bool {
	if record.IsForfeitReason(r.Reason) {
		return false
	}
	for _, spec := range [2]string{r.White, r.Black} {
		if !a.deterministicIn(r, file, spec) {
			return false
		}
	}
	return true
}

type groupAcc struct {
	games, distinct   int
	white, dWhite     stats.WDL
	lengths, dLengths stats.LengthCounts
	reasons           map[string]int
	capped            int
	began             beginnings
}

// beginnings counts games by where they began: from the start (Record.FromStart), or at
// another opening with White or Black to move; that decides what White's score measures.
type beginnings struct {
	games                               int
	fromStart, whiteToMove, blackToMove int
	setFirstTurn                        int // of fromStart: with opening turns (Record.OpeningTurns)
	randomPlies                         int // of setFirstTurn: with turns after the first
}

// Measures names what White's score over recs measures (one of the Measures
// constants; "" without games), as summary.json's first_move rows and the charts say.
func Measures(recs []record.Record) string {
	var b beginnings
	for i := range recs {
		b.add(&recs[i])
	}
	return b.measures()
}

// measures names what White's score over the games measures.
func (g *beginnings) measures() string {
	switch g.games {
	case 0:
		return ""
	case g.randomPlies:
		return MeasuresRandomPlies
	case g.setFirstTurn:
		if g.randomPlies > 0 {
			return MeasuresMixed
		}
		return MeasuresSetFirstTurn
	case g.fromStart:
		if g.setFirstTurn > 0 {
			return MeasuresMixed
		}
		return MeasuresFirstMove
	case g.whiteToMove:
		return MeasuresSideToMove
	case g.blackToMove:
		return MeasuresSideNotToMove
	}
	return MeasuresMixed
}

func (g *beginnings) add(r *record.Record) {
	switch {
	case r.FromStart():
		g.fromStart++
		if len(r.OpeningTurns) > 0 {
			g.setFirstTurn++
		}
		if len(r.OpeningTurns) > 1 {
			g.randomPlies++
		}
	case openingSide(r.Opening) == 'b':
		g.blackToMove++
	default:
		g.whiteToMove++
	}
	g.games++
}

func (g *groupAcc) measures() string { return g.began.measures() }

func (g *groupAcc) add(r *record.Record, isNew bool) {
	g.began.add(r)
	g.games++
	sc := r.WhiteScore()
	addScore(&g.white, sc)
	g.lengths.Add(r.Plies, r.Capped())
	if isNew {
		g.distinct++
		addScore(&g.dWhite, sc)
		g.dLengths.Add(r.Plies, r.Capped())
	}
	if g.reasons == nil {
		g.reasons = map[string]int{}
	}
	g.reasons[r.Reason]++
	if r.Capped() {
		g.capped++
	}
}

type playerAcc struct {
	games, distinct  int
	wdl, dWDL        stats.WDL
	asWhite, asBlack stats.WDL
}

func (p *playerAcc) add(score float64, isNew bool) {
	p.games++
	addScore(&p.wdl, score)
	if isNew {
		p.distinct++
		addScore(&p.dWDL, score)
	}
}

// pairID names a colour-swapped pair: its run and its number in the run.
type pairID struct {
	run  string
	pair int
}

// halfPair is the first game of a pair to arrive, waiting for the second.
type halfPair struct {
	index int
	score float64 // the alphabetically first player's
	hash  uint64
}

type pairAcc struct {
	games, distinct int
	wdl, dWDL       stats.WDL // the alphabetically first player's results
	pent, dPent     stats.Pentanomial
	open            map[pairID]halfPair
	unpaired        int // games without a colour-swapped partner (fixed colours)
}

// sprt is the pair's sequential test for the player whose results wdl and pent hold:
// over the pentanomial counts of colour-swapped pairs, or, when any of the pair's games
// is unpaired (fixed colours), over the win/draw/loss counts of single games, since
// pairs would be fake there.
func (p *pairAcc) sprt(c *SPRTConfig, wdl stats.WDL, pent stats.Pentanomial) stats.SPRTResult {
	if p.unpaired > 0 {
		return stats.SPRTWDL(wdl, c.Elo0, c.Elo1, c.Alpha, c.Beta)
	}
	return stats.SPRT(pent, c.Elo0, c.Elo1, c.Alpha, c.Beta)
}

// sprtCorrected is the pair's decided test's estimate corrected for the stop, over the
// same counts as sprt.
func (p *pairAcc) sprtCorrected(c *SPRTConfig, wdl stats.WDL, pent stats.Pentanomial) (stats.StoppedEstimate, bool) {
	if p.unpaired > 0 {
		return stats.SPRTWDLStopped(wdl, c.Elo0, c.Elo1, c.Alpha, c.Beta, Confidence)
	}
	return stats.SPRTStopped(pent, c.Elo0, c.Elo1, c.Alpha, c.Beta, Confidence)
}

// Add adds one record read from file (which names the run of records without a run id).
func (a *Accumulator) Add(r *record.Record, file string) {
	a.games++
	gh := record.GameHash(r)
	// A game counts as new unless it repeats one already seen between deterministic
	// players; other games are never added to the set (it stays small for random levels).
	isNew := !a.repeatable(r, file) || a.distinct.Add(gh)
	a.openings.Add(record.OpeningHash(r.Opening))
	run := record.RunKey(r, file)
	a.runs[run] = true

	m := MatchupOf(r.White, r.Black)
	g := a.groups[m]
	if g == nil {
		g = &groupAcc{}
		a.groups[m] = g
	}
	g.add(r, isNew)
	a.all.add(r, isNew)
	if ft := r.FirstTurn(); ft != "" {
		k := firstTurnKey{m, ft}
		t := a.byFirstTurn[k]
		if t == nil {
			t = &groupAcc{}
			a.byFirstTurn[k] = t
		}
		t.add(r, isNew)
	}
	if r.White == r.Black {
		return
	}

	sc := r.WhiteScore()
	w, b := a.player(r.White), a.player(r.Black)
	w.add(sc, isNew)
	addScore(&w.asWhite, sc)
	b.add(1-sc, isNew)
	addScore(&b.asBlack, 1-sc)
	cell := a.fit[[2]string{r.White, r.Black}]
	if cell == nil {
		cell = &[2]stats.WDL{}
		a.fit[[2]string{r.White, r.Black}] = cell
	}
	addScore(&cell[0], sc)
	if isNew {
		addScore(&cell[1], sc)
	}

	key := [2]string{r.White, r.Black}
	first := sc // the alphabetically first player's score
	if r.Black < r.White {
		key = [2]string{r.Black, r.White}
		first = 1 - sc
	}
	p := a.pairs[key]
	if p == nil {
		p = &pairAcc{open: map[pairID]halfPair{}}
		a.pairs[key] = p
	}
	p.games++
	addScore(&p.wdl, first)
	if isNew {
		p.distinct++
		addScore(&p.dWDL, first)
	}
	if r.Unpaired {
		p.unpaired++ // no partner: its score counts alone, in the trinomial counts
		return
	}
	id := pairID{run, r.Pair}
	h, ok := p.open[id]
	if !ok {
		p.open[id] = halfPair{r.Index, first, gh}
		return
	}
	delete(p.open, id)
	p.pent.AddPair(h.score, first)
	ph := record.PairHash(h.hash, gh)
	if r.Index < h.index {
		ph = record.PairHash(gh, h.hash)
	}
	if a.pairSet.Add(ph) {
		p.dPent.AddPair(h.score, first)
	}
}

func (a *Accumulator) player(name string) *playerAcc {
	p := a.players[name]
	if p == nil {
		p = &playerAcc{}
		a.players[name] = p
	}
	return p
}

// openingSide returns the side to move of a FEN, 'w' or 'b' (its second field).
func openingSide(fen string) byte {
	if i := strings.IndexByte(fen, ' '); i >= 0 && i+1 < len(fen) {
		return fen[i+1]
	}
	return 'w'
}

// Games returns the number of records added.
func (a *Accumulator) Games() int { return a.games }

// DistinctGames returns the number of distinct games added: every game, except that a
// repeat of a game between deterministic players counts once.
func (a *Accumulator) DistinctGames() int { return a.all.distinct }

// names returns the players in the run's order, then the others alphabetically.
func (a *Accumulator) names() []string {
	var out []string
	seen := map[string]bool{}
	for _, n := range a.order {
		if !seen[n] && a.hasPlayer(n) {
			out = append(out, n)
			seen[n] = true
		}
	}
	var rest []string
	for m := range a.groups {
		for _, n := range m.Players() {
			if !seen[n] {
				seen[n] = true
				rest = append(rest, n)
			}
		}
	}
	sort.Strings(rest)
	return append(out, rest...)
}

func (a *Accumulator) hasPlayer(n string) bool {
	for m := range a.groups {
		if slices.Contains(m.Players(), n) {
			return true
		}
	}
	return false
}

// pairSPRT is one pair's sequential test, of its first-listed player.
type pairSPRT struct {
	a, b string
	res  stats.SPRTResult
}

// sprtResults returns every pair's test in listing order (none without a test).
func (a *Accumulator) sprtResults() []pairSPRT {
	if a.sprt == nil {
		return nil
	}
	// The test is of the pair's first-listed player, as the summary reports it.
	rank := map[string]int{}
	for i, n := range a.names() {
		rank[n] = i
	}
	var out []pairSPRT
	for k, p := range a.pairs {
		pent, wdl := counted(p.games, p.distinct, p.pent, p.dPent), counted(p.games, p.distinct, p.wdl, p.dWDL)
		first, second := orient(k, rank)
		if first != k[0] {
			pent, wdl = reversePent(pent), wdl.Swap()
		}
		out = append(out, pairSPRT{first, second, p.sprt(a.sprt, wdl, pent)})
	}
	sort.Slice(out, func(i, j int) bool {
		return rank[out[i].a] < rank[out[j].a] || rank[out[i].a] == rank[out[j].a] && rank[out[i].b] < rank[out[j].b]
	})
	return out
}

// SPRTDecided reports whether the sequential test has decided for each of the run's
// tested pairs of different players: false without a test and while one of them has no
// games yet (a round robin plays its pairings one after another).
func (a *Accumulator) SPRTDecided(tested int) bool {
	rs := a.sprtResults()
	if len(rs) < tested {
		return false
	}
	for _, r := range rs {
		if r.res.Decision == stats.Continue {
			return false
		}
	}
	return len(rs) > 0
}

// SPRTDecisions states every pair's test: the accepted hypothesis (or "continue") and
// the LLR with its bounds, e.g. "hard vs medium accepted H1 (LLR 3.07, bounds -2.94,
// 2.94)", pairs separated by "; ".
func (a *Accumulator) SPRTDecisions() string {
	var parts []string
	for _, r := range a.sprtResults() {
		verdict := "continues"
		if r.res.Decision != stats.Continue {
			verdict = "accepted " + decisionName(r.res.Decision)
		}
		parts = append(parts, fmt.Sprintf("%s vs %s %s (LLR %.2f, bounds %.2f, %.2f)", r.a, r.b, verdict, r.res.LLR, r.res.LowerBound, r.res.UpperBound))
	}
	return strings.Join(parts, "; ")
}

// MarkSPRTStopped records that the run stopped on the tests' decisions: the summary then
// marks each pair's fixed-sample estimates as conditional on the stop and adds the
// estimate corrected for it.
func (a *Accumulator) MarkSPRTStopped() { a.sprtStopped = true }

// Live returns the head to head of the only two players of the games added so far (as
// Summary's, A listed first), and false when the games are of one player or of more than
// one pair: the score line of a match while it is played, cheaper than Summary.
func (a *Accumulator) Live() (PairStats, bool) {
	if len(a.pairs) != 1 {
		return PairStats{}, false
	}
	rank := map[string]int{}
	for i, n := range a.names() {
		rank[n] = i
	}
	for k := range a.pairs {
		return a.pairStats(k, rank), true
	}
	return PairStats{}, false
}

// Summary returns the statistics of everything added so far.
func (a *Accumulator) Summary() *Summary {
	s := &Summary{Games: a.games, DistinctGames: a.all.distinct, DistinctOpenings: a.openings.Len(), Runs: len(a.runs),
		Players: []PlayerStats{}, Pairs: []PairStats{}, FirstMove: []FirstMoveStats{}, Lengths: []LengthRow{}}
	names := a.names()
	rank := map[string]int{}
	for i, n := range names {
		rank[n] = i
	}

	// Standings, over games against other players.
	for _, n := range names {
		p := a.players[n]
		if p == nil {
			continue
		}
		sw := counted(p.games, p.distinct, p.wdl, p.dWDL)
		s.Players = append(s.Players, PlayerStats{Player: n, Games: p.games, DistinctGames: p.distinct,
			Method: method(p.games, p.distinct), WDL: p.wdl, DistinctWDL: p.dWDL,
			Score: est(stats.Estimate{Value: sw.Score(), Interval: sw.ScoreInterval(Confidence)}),
			Elo:   est(sw.Elo(Confidence)), AsWhite: p.asWhite, AsBlack: p.asBlack})
	}

	// Head to head, A listed first.
	var keys [][2]string
	for k := range a.pairs {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		ai, bi := orient(keys[i], rank)
		aj, bj := orient(keys[j], rank)
		return rank[ai] < rank[aj] || rank[ai] == rank[aj] && rank[bi] < rank[bj]
	})
	for _, k := range keys {
		s.Pairs = append(s.Pairs, a.pairStats(k, rank))
	}

	// Joint ratings with a fitted first-move advantage.
	if len(s.Players) >= 2 {
		s.Ratings = a.ratings(names, rank)
	}

	// First-move advantage and lengths per matchup, then over all games.
	var matchups []Matchup
	for m := range a.groups {
		matchups = append(matchups, m)
	}
	sort.Slice(matchups, func(i, j int) bool {
		ri, rj := matchupRank(matchups[i], rank), matchupRank(matchups[j], rank)
		return ri[0] < rj[0] || ri[0] == rj[0] && ri[1] < rj[1]
	})
	for _, m := range matchups {
		g := a.groups[m]
		s.FirstMove = append(s.FirstMove, firstMoveStats(m.String(), g))
		s.Lengths = append(s.Lengths, lengthRow(m.String(), g))
	}
	s.FirstTurns = a.firstTurnStats(matchups)
	if len(matchups) > 1 {
		s.FirstMove = append(s.FirstMove, firstMoveStats("all", &a.all))
		s.Lengths = append(s.Lengths, lengthRow("all", &a.all))
	}
	return s
}

// orient returns the pair's players in listing order.
func orient(k [2]string, rank map[string]int) (string, string) {
	if rank[k[1]] < rank[k[0]] {
		return k[1], k[0]
	}
	return k[0], k[1]
}

func matchupRank(m Matchup, rank map[string]int) [2]int {
	ns := m.Players()
	r := [2]int{rank[ns[0]], rank[ns[len(ns)-1]]}
	if r[1] < r[0] {
		r[0], r[1] = r[1], r[0]
	}
	return r
}

func reversePent(p stats.Pentanomial) stats.Pentanomial {
	return stats.Pentanomial{p[4], p[3], p[2], p[1], p[0]}
}

func (a *Accumulator) pairStats(k [2]string, rank map[string]int) PairStats {
	p := a.pairs[k]
	wdl, dWDL, pent, dPent := p.wdl, p.dWDL, p.pent, p.dPent
	first, second := orient(k, rank)
	if first != k[0] {
		wdl, dWDL = wdl.Swap(), dWDL.Swap()
		pent, dPent = reversePent(pent), reversePent(dPent)
	}
	ps := PairStats{A: first, B: second, Games: p.games, DistinctGames: p.distinct, Method: method(p.games, p.distinct),
		WDL: wdl, DistinctWDL: dWDL, Pentanomial: pent, DistinctPentanomial: dPent, UnpairedGames: p.unpaired}
	usedWDL, usedPent := counted(p.games, p.distinct, wdl, dWDL), counted(p.games, p.distinct, pent, dPent)
	w := usedWDL
	ps.Score = est(stats.Estimate{Value: w.Score(), Interval: w.ScoreInterval(Confidence)})
	ps.Elo = est(w.Elo(Confidence))
	ps.LOS = Num(w.LOS())
	if usedPent.Pairs() > 0 {
		ps.PairElo = est(usedPent.Elo(Confidence))
	} else {
		ps.PairElo = Est{Num(nan()), Num(nan()), Num(nan())}
	}
	if a.sprt != nil {
		c := a.sprt
		res := p.sprt(c, usedWDL, usedPent)
		model := SPRTPentanomial
		if p.unpaired > 0 {
			model = SPRTTrinomial
		}
		ps.SPRT = &SPRTStat{Elo0: c.Elo0, Elo1: c.Elo1, Alpha: c.Alpha, Beta: c.Beta, LLR: Num(res.LLR), Lower: Num(res.LowerBound),
			Upper: Num(res.UpperBound), Decision: decisionName(res.Decision), Model: model, Stopped: a.sprtStopped}
		if a.sprtStopped {
			if e, ok := p.sprtCorrected(c, usedWDL, usedPent); ok {
				ps.SPRT.Corrected = &SPRTCorrected{Method: MethodStoppedBrownian, Score: est(e.Score), Elo: est(e.Elo)}
			}
		}
	}
	return ps
}

// ratings fits every player's rating from the counts per colour assignment and outcome
// (one weighted entry each, so the fit's memory depends on the players, not the games).
func (a *Accumulator) ratings(names []string, rank map[string]int) *RatingStats {
	games, distinct := 0, 0
	for _, c := range a.fit {
		games += c[0].Games()
		distinct += c[1].Games()
	}
	use := counted(games, distinct, 0, 1)
	var fitGames []stats.CountedGame
	keys := make([][2]string, 0, len(a.fit))
	for k := range a.fit {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		return rank[keys[i][0]] < rank[keys[j][0]] || rank[keys[i][0]] == rank[keys[j][0]] && rank[keys[i][1]] < rank[keys[j][1]]
	})
	for _, k := range keys {
		w := a.fit[k][use]
		wi, bi := rank[k[0]], rank[k[1]]
		for _, o := range []struct {
			n     int
			score float64
		}{{w.Wins, 1}, {w.Draws, 0.5}, {w.Losses, 0}} {
			if o.n > 0 {
				fitGames = append(fitGames, stats.CountedGame{Game: stats.Game{White: wi, Black: bi, Score: o.score}, Count: o.n})
			}
		}
	}
	rs := &RatingStats{Method: method(games, distinct)}
	fit, err := stats.FitRatingsCounted(len(names), fitGames, Confidence)
	if err != nil {
		rs.Error = err.Error()
		return rs
	}
	for i, n := range names {
		if a.players[n] == nil {
			continue
		}
		rs.Players = append(rs.Players, n)
		rs.Elo = append(rs.Elo, est(fit.Elo[i]))
	}
	rs.FirstMove = est(fit.FirstMove)
	rs.DrawElo = Num(fit.DrawElo)
	return rs
}

func firstMoveStats(m string, g *groupAcc) FirstMoveStats {
	fm := stats.FirstMove(counted(g.games, g.distinct, g.white, g.dWhite), Confidence)
	return FirstMoveStats{Matchup: m, Measures: g.measures(), Games: g.games, DistinctGames: g.distinct, Method: method(g.games, g.distinct),
		White: g.white, DistinctWhite: g.dWhite, Score: est(fm.Score), Elo: est(fm.Elo),
		WinRate: est(fm.Win), Draw: est(fm.Draw), Loss: est(fm.Loss), PValue: Num(fm.PValue)}
}

// firstTurnStats returns White's results per matchup (in the order given) and first
// turn (in notation order), over the games with a first turn from the start.
func (a *Accumulator) firstTurnStats(matchups []Matchup) []FirstTurnStats {
	byMatchup := map[Matchup][]string{}
	for k := range a.byFirstTurn {
		byMatchup[k.m] = append(byMatchup[k.m], k.turn)
	}
	var out []FirstTurnStats
	for _, m := range matchups {
		turns := byMatchup[m]
		sort.Strings(turns)
		for _, t := range turns {
			out = append(out, FirstTurnStats{FirstTurn: t, FirstMoveStats: firstMoveStats(m.String(), a.byFirstTurn[firstTurnKey{m, t}])})
		}
	}
	return out
}

func lengthRow(m string, g *groupAcc) LengthRow {
	row := LengthRow{Matchup: m, Games: g.games, DistinctGames: g.distinct, Reasons: map[string]int{}, Capped: g.capped}
	for k, v := range g.reasons {
		row.Reasons[k] = v
	}
	ls, err := g.lengths.Stats()
	if err != nil {
		return row
	}
	row.All, row.Natural = lengthSummary(ls.All), lengthSummary(ls.Natural)
	row.Hist = Histogram{Edges: ls.NaturalHist.Edges, Natural: ls.NaturalHist.Counts, Capped: ls.CappedHist.Counts}
	return row
}

// LengthComparison is the two-sample Kolmogorov–Smirnov comparison of two sets' game
// lengths, over distinct games when either set has repeats.
type LengthComparison struct {
	stats.KSResult
	N, M   int    // games compared in each set
	Method string // MethodAll or MethodDistinct
}

// CompareLengths compares the game lengths of the games added to a and b.
func CompareLengths(a, b *Accumulator) LengthComparison {
	ga, gb := &a.all, &b.all
	if ga.distinct < ga.games || gb.distinct < gb.games {
		return LengthComparison{stats.KS2Counts(&ga.dLengths, &gb.dLengths), ga.distinct, gb.distinct, MethodDistinct}
	}
	return LengthComparison{stats.KS2Counts(&ga.lengths, &gb.lengths), ga.games, gb.games, MethodAll}
}

// Summarize computes the statistics of recs (a convenience over a slice; runs and
// commands stream through an Accumulator). sprt, if not nil, is applied to every pair.
// Records without a run id count as one run.
// deterministic is as for NewAccumulator.
func Summarize(recs []record.Record, sprt *SPRTConfig, deterministic func(spec string) bool) *Summary {
	a := NewAccumulator(sprt, nil, deterministic)
	for i := range recs {
		a.Add(&recs[i], "")
	}
	return a.Summary()
}

func decisionName(d stats.Decision) string {
	switch d {
	case stats.AcceptH0:
		return "H0"
	case stats.AcceptH1:
		return "H1"
	}
	return "continue"
}
