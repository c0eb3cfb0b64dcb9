// standing.go: the opening's standing from a ledger alone, without tables and without
// search: the top of the tree (the start, White's first turns, Black's replies, and the
// children of every job the ledger split) recomputed as AND/OR over the ledger's entries,
// with the proof and disproof numbers of the claim "Black wins" after each first turn.

package proof

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/fanorona/fanorona/engine"
)

// Standing is where the opening stands by a ledger: for each of White's first turns the
// claim "Black wins" after it (proven: Black wins; disproven: White does not lose) and
// each Black reply's part in it.
type Standing struct {
	Ledger     string `json:"ledger"`
	PaikaLimit int    `json:"paika_limit"`
	Decided    int    `json:"decided"` // ledger entries decided
	// Nodes, Seconds and CertificateBytes count each certificate once.
	Unknown          int            `json:"unknown"` // entries still unknown after their budget
	Nodes            uint64         `json:"nodes"`
	Seconds          float64        `json:"seconds"`
	CertificateBytes int64          `json:"certificate_bytes"`
	Turns            []TurnStanding `json:"turns"`
	// Format is how String says it: "" text, "json" one JSON line, "markdown" a table.
	Format string `json:"-"`
}

// TurnStanding is one first turn: Outcome is "black-wins", "white-not-loses" or "open";
// ProofNumber and DisproofNumber are those of "Black wins" after it over the ledger (an
// open leaf counts 1), so that the smaller says which claim is nearer; Certificate the
// ledger's certificate of the first turn itself, which cites its replies'; Nodes those of
// every job of its tree (the first turn, its replies and every split job's children).
type TurnStanding struct {
	Turn           string          `json:"turn"`
	FEN            string          `json:"fen"`
	Outcome        string          `json:"outcome"`
	ProofNumber    uint32          `json:"proof_number"`
	DisproofNumber uint32          `json:"disproof_number"`
	Certificate    string          `json:"certificate,omitempty"`
	Nodes          uint64          `json:"nodes"`
	Replies        []ReplyStanding `json:"replies"`
}

// ReplyStanding is one Black reply: its Outcome as a first turn's, the nodes spent on it
// (decided or not), the certificate deciding it, and Split when its children are jobs.
type ReplyStanding struct {
	Reply       string `json:"reply"`
	FEN         string `json:"fen"`
	Outcome     string `json:"outcome"`
	Nodes       uint64 `json:"nodes"`
	Certificate string `json:"certificate,omitempty"`
	Split       bool   `json:"split,omitempty"`
}

func (Standing) folderEvent() {}

// top is the ledger's entries of one rule by position, for the AND/OR of the top.
type top struct {
	limit   int
	rules   engine.Rules
	entries map[string][]LedgerEntry
	onPath  map[string]bool
	// busy holds the jobs another campaign is running (descend passes them by);
	// unclosed the first turns whose own job the campaign ran in vain (Campaign.unclosed).
	busy, unclosed map[string]bool
	// guide scores a position for the side that moved into it, to choose among children
	// alike in number (nil: the lead in pieces alone).
	guide func(*engine.Position) int
}

func newTop(l *Ledger, limit int) *top {
	t := &top{limit: limit, rules: Rules(limit), entries: map[string][]LedgerEntry{}, onPath: map[string]bool{}}
	for _, e := range l.Entries {
		if e.PaikaLimit == limit {
			t.entries[e.FEN] = append(t.entries[e.FEN], e)
		}
	}
	return t
}

// numbers returns the proof and disproof numbers of claim c at p (normalised), expanding
// p's children when expand or when the ledger split p.
func (t *top) numbers(p *engine.Position, c Claim, expand bool) (pn, dn uint32) {
	fen := p.FEN()
	split := false
	for _, e := range t.entries[fen] {
		if est, ok := e.Established(); ok {
			if implies(est, c) {
				return 0, infinity
			}
			if implies(est, c.Opposite()) {
				return infinity, 0
			}
		}
		split = split || e.Split
	}
	if st := t.rules.Status(p); st.Over() {
		return decided(c.good(outcomeFor(st.Outcome, c.Side)))
	}
	if !(expand || split) || t.onPath[fen] {
		return 1, 1
	}
	t.onPath[fen] = true
	defer delete(t.onPath, fen)
	var seen engine.ResultSet
	cs := []child{}
	for _, turn := range p.DistinctTurns(t.rules, nil, &seen) {
		q := normalise(p.Play(turn), t.limit)
		cpn, cdn := t.numbers(&q, c, false)
		cs = append(cs, child{pn: cpn, dn: cdn})
	}
	pn, dn, _, _ = combine(cs, p.Side == c.Side)
	return pn, dn
}

// treeNodes returns the nodes of the ledger's jobs at p and, when expand or when the
// ledger split p, below it, each position once (seen).
func (t *top) treeNodes(p *engine.Position, expand bool, seen map[string]bool) uint64 {
	fen := p.FEN()
	if seen[fen] {
		return 0
	}
	seen[fen] = true
	nodes := t.nodesAt(fen)
	if !expand && !t.isSplit(fen) {
		return nodes
	}
	var results engine.ResultSet
	for _, turn := range p.DistinctTurns(t.rules, nil, &results) {
		q := normalise(p.Play(turn), t.limit)
		nodes += t.treeNodes(&q, false, seen)
	}
	return nodes
}

// nodesAt returns the nodes of the ledger's jobs at fen; a value's two claims share one
// certificate and one search, counted once.
func (t *top) nodesAt(fen string) uint64 {
	var nodes uint64
	es := t.entries[fen]
	for i, e := range es {
		if e.CertificateSHA256 == "" || !slices.ContainsFunc(es[:i], func(o LedgerEntry) bool { return o.CertificateSHA256 == e.CertificateSHA256 }) {
			nodes += e.Nodes
		}
	}
	return nodes
}

// outcomeOf names numbers of the claim "Black wins" as a standing.
func outcomeOf(pn, dn uint32) string {
	switch {
	case pn == 0:
		return Claim{engine.Black, Wins}.String()
	case dn == 0:
		return Claim{engine.White, DoesNotLose}.String()
	}
	return "open"
}

// OpeningStanding returns the standing of White's first turns under paika limit limit by
// the ledger l alone.
func OpeningStanding(l *Ledger, limit int) Standing {
	return standingOf(l, limit, OpeningTargets(limit))
}

// standingOf returns the standing of targets, positions where Black moves.
func standingOf(l *Ledger, limit int, targets []Target) Standing {
	s := Standing{Ledger: l.Dir, PaikaLimit: limit, Turns: []TurnStanding{}}
	// A certificate of two sections (a value) is two entries of one search and one file:
	// its figures count once.
	counted := map[string]bool{}
	for _, e := range l.Entries {
		if _, ok := e.Established(); !ok {
			s.Nodes += e.Nodes
			s.Seconds += e.Seconds
			s.Unknown++
			continue
		}
		s.Decided++
		if counted[e.CertificateSHA256] {
			continue
		}
		counted[e.CertificateSHA256] = true
		s.Nodes += e.Nodes
		s.Seconds += e.Seconds
		if st, err := os.Stat(filepath.Join(l.Dir, e.Certificate)); err == nil {
			s.CertificateBytes += st.Size()
		}
	}
	t := newTop(l, limit)
	blackWins := Claim{engine.Black, Wins}
	for _, tg := range targets {
		p := normalise(tg.Position, limit)
		pn, dn := t.numbers(&p, blackWins, true)
		ts := TurnStanding{Turn: tg.Name, FEN: p.FEN(), Outcome: outcomeOf(pn, dn), ProofNumber: pn, DisproofNumber: dn}
		if e, ok := t.decidedBy(ts.FEN, blackWins); ok {
			ts.Certificate = e.Certificate
		}
		ts.Nodes = t.treeNodes(&p, true, map[string]bool{})
		var seen engine.ResultSet
		for _, turn := range p.DistinctTurns(t.rules, nil, &seen) {
			q := normalise(p.Play(turn), limit)
			rs := ReplyStanding{Reply: turn.String(), FEN: q.FEN()}
			rs.Outcome = outcomeOf(t.numbers(&q, blackWins, false))
			rs.Nodes, rs.Split = t.nodesAt(rs.FEN), t.isSplit(rs.FEN)
			if e, ok := t.decidedBy(rs.FEN, blackWins); ok {
				rs.Certificate = e.Certificate
			}
			ts.Replies = append(ts.Replies, rs)
		}
		s.Turns = append(s.Turns, ts)
	}
	return s
}

// String says the standing in its Format.
func (s Standing) String() string {
	switch s.Format {
	case "json":
		data, _ := json.Marshal(s)
		return string(data)
	case "markdown":
		return s.markdown()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "ledger %s: %d decided, %d unknown; %d nodes, %.0f s; certificates %d bytes\n",
		s.Ledger, s.Decided, s.Unknown, s.Nodes, s.Seconds, s.CertificateBytes)
	for i, t := range s.Turns {
		refuted, wins, open := t.count()
		fmt.Fprintf(&b, "%s  %s: %d replies, %d white-not-loses, %d black-wins, %d open (black-wins: proof number %s, disproof number %s)",
			t.Turn, t.Outcome, len(t.Replies), refuted, wins, open, number(t.ProofNumber), number(t.DisproofNumber))
		fmt.Fprintf(&b, ", %d nodes", t.Nodes)
		if t.Certificate != "" {
			b.WriteString(", " + t.Certificate)
		}
		for _, r := range t.Replies {
			fmt.Fprintf(&b, "\n  %s %s  %s (%d nodes", t.Turn, r.Reply, r.Outcome, r.Nodes)
			if r.Split {
				b.WriteString(", split")
			}
			if r.Certificate != "" {
				b.WriteString(", " + r.Certificate)
			}
			b.WriteString(")")
		}
		if i < len(s.Turns)-1 {
			b.WriteString("\n")
		}
	}
	return b.String()
}

// count returns the replies after which White does not lose, Black wins, and the open.
func (t TurnStanding) count() (refuted, wins, open int) {
	for _, r := range t.Replies {
		switch r.Outcome {
		case "open":
			open++
		case Claim{engine.Black, Wins}.String():
			wins++
		default:
			refuted++
		}
	}
	return refuted, wins, open
}

func number(n uint32) string {
	if n >= infinity {
		return "∞"
	}
	return fmt.Sprint(n)
}

// markdown is the standing as docs/OPENING.md shows it: a table, a first turn a row.
func (s Standing) markdown() string {
	var b strings.Builder
	b.WriteString("| first turn | Black's replies | White does not lose after them | Black wins after them | open (nodes searched) | standing | nodes in its tree |\n")
	b.WriteString("|---|---:|---|---|---|---|---:|\n")
	for _, t := range s.Turns {
		var refuted, wins, open []string
		for _, r := range t.Replies {
			switch r.Outcome {
			case "open":
				if r.Nodes > 0 {
					open = append(open, fmt.Sprintf("`%s` (%s)", r.Reply, thousands(r.Nodes)))
				} else {
					open = append(open, fmt.Sprintf("`%s`", r.Reply))
				}
			case Claim{engine.Black, Wins}.String():
				wins = append(wins, fmt.Sprintf("`%s` (%s nodes)", r.Reply, thousands(r.Nodes)))
			default:
				refuted = append(refuted, fmt.Sprintf("`%s` (%s nodes)", r.Reply, thousands(r.Nodes)))
			}
		}
		standing := "**" + t.Outcome + "**"
		if t.Certificate != "" {
			standing += " (`" + t.Certificate + "`)"
		}
		if t.Outcome == "open" {
			standing = fmt.Sprintf("open (proof number %s, disproof number %s)", number(t.ProofNumber), number(t.DisproofNumber))
		}
		fmt.Fprintf(&b, "| `%s` | %d | %s | %s | %s | %s | %s |\n", t.Turn, len(t.Replies), list(refuted), list(wins), list(open), standing, thousands(t.Nodes))
	}
	fmt.Fprintf(&b, "\nLedger: %d decided, %d unknown; %s nodes; certificates %s bytes.", s.Decided, s.Unknown, thousands(s.Nodes), thousands(uint64(s.CertificateBytes)))
	return b.String()
}

func list(xs []string) string {
	if len(xs) == 0 {
		return "—"
	}
	return strings.Join(xs, ", ")
}

// thousands writes n with a comma every three digits, as the docs do.
func thousands(n uint64) string {
	d := fmt.Sprint(n)
	for i := len(d) - 3; i > 0; i -= 3 {
		d = d[:i] + "," + d[i:]
	}
	return d
}
