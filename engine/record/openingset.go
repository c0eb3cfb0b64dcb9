// openingset.go: the identity of a run's openings (run.json's "opening_set"): the policy
// and its parameters, the balance judge's version, and a SHA-256 of the positions in the
// order the games use them, so that a resumed run, a shard or a merge plays the same set
// whatever the version of the program that chose it.

package record

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/fanorona/fanorona/engine"
)

// OpeningSet is the identity of a run's openings.
type OpeningSet struct {
	Policy string `json:"policy"` // start, random, book, distinct, even, firstmove, file or games
	Plies  int    `json:"plies"`  // K of policy:K (for firstmove, the random plies after White's first turn; -1 for games without K: every turn)
	// Judge, JudgeSpec and Margin: the balance judge of distinct and even sets, its
	// version first (BalanceJudgeVersion, EvenJudgeVersion).
	Judge     string `json:"judge,omitempty"`
	JudgeSpec string `json:"judge_spec,omitempty"`
	Margin    int    `json:"margin,omitempty"`
	// Positions is how many openings SHA256 covers: those of pairs (games, where each
	// has its own) 0, 1, … in turn: every opening the run uses, except that random and
	// firstmove:K openings, drawn for each pair from the seed, are covered up to
	// MaxHashedOpenings, and the start, a book and firstmove's first turns once each.
	Positions int `json:"positions"`
	// SHA256 is the SHA-256 (hex) of the openings' FENs, each followed by "\n".
	SHA256 string `json:"sha256"`
}

// Name returns the set as a short phrase (the policies without a K: start, file, and
// firstmove without random plies): "distinct:4 (judge balance-v2, 100 positions,
// sha256 1a2b3c4d…)".
func (s *OpeningSet) Name() string {
	spec := s.Policy
	if s.Policy != "start" && s.Policy != "file" && !(s.Policy == "firstmove" && s.Plies == 0) && !(s.Policy == "games" && s.Plies < 0) {
		spec = fmt.Sprintf("%s:%d", s.Policy, s.Plies)
	}
	var parts []string
	if s.Judge != "" {
		parts = append(parts, "judge "+s.Judge)
	}
	parts = append(parts, fmt.Sprintf("%d position%s", s.Positions, map[bool]string{true: "", false: "s"}[s.Positions == 1]))
	sum := s.SHA256
	if len(sum) > 16 {
		sum = sum[:16] + "…"
	}
	parts = append(parts, "sha256 "+sum)
	return spec + " (" + strings.Join(parts, ", ") + ")"
}

// HashPositions returns the SHA-256 (hex) of the positions' FENs, each followed by "\n":
// the hash of an opening set, in the order given.
func HashPositions(ps []engine.Position) string {
	h := sha256.New()
	for i := range ps {
		h.Write([]byte(ps[i].FEN()))
		h.Write([]byte{'\n'})
	}
	return hex.EncodeToString(h.Sum(nil))
}
