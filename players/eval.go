// eval.go: the static evaluation shared by every searching level, and the per-choice
// random source.

package players

import (
	"math/rand/v2"

	"github.com/fanorona/fanorona/engine"
)

// Evaluation terms. Material dominates: a piece is worth PieceValue (100). A piece earns
// StrongBonus on a strong (diagonal-carrying) point and a centre bonus of
// (4 − |column − e|) + (2 − |row − 3|), 0 on the corners to 6 on e3. So the positional
// part of a piece is worth 0..9, always far below one piece.
const (
	StrongBonus = 3
)

// PointBonus returns the positional bonus of a piece on pt (0..9).
func PointBonus(pt engine.Point) int {
	return pointBonus[pt]
}

var (
	pointBonus [engine.Points]int
	// bonusPlane[k] holds the points whose bonus has bit k set, so the bonus sum of a set
	// of pieces is Σ 2^k·|pieces ∩ bonusPlane[k]|: four popcounts, no loop over pieces.
	bonusPlane [4]engine.Bitboard
)

func init() {
	for pt := engine.Point(0); pt < engine.Points; pt++ {
		v := (4 - abs(pt.Col()-4)) + (2 - abs(pt.Row()-2))
		if pt.IsStrong() {
			v += StrongBonus
		}
		pointBonus[pt] = v
		for k := 0; k < 4; k++ {
			if v>>k&1 == 1 {
				bonusPlane[k] |= engine.Bit(pt)
			}
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// bonusSum returns the total positional bonus of the pieces in b.
func bonusSum(b engine.Bitboard) int {
	return (b & bonusPlane[0]).Count() + 2*(b&bonusPlane[1]).Count() +
		4*(b&bonusPlane[2]).Count() + 8*(b&bonusPlane[3]).Count()
}

// Evaluate returns the static score of p for the side to move: material (100 a piece)
// plus the positional bonus of its pieces, minus the same for the opponent. It does not
// look at the game's status or at captures on offer.
func Evaluate(p *engine.Position) int {
	own, enemy := p.Own(), p.Enemy()
	return PieceValue*(own.Count()-enemy.Count()) + bonusSum(own) - bonusSum(enemy)
}

// Streams of the random sources, one per kind of player, so that two kinds given the same
// seed do not make correlated choices.
const (
	streamRandom uint64 = 0x52414e444f4d0000 // "RANDOM"
	streamGreedy uint64 = 0x4752454544590000 // "GREEDY"
	streamLevel  uint64 = 0x4c4556454c000000 // "LEVEL"
	streamMCTS   uint64 = 0x4d4354530000000  // "MCTS"
)

// positionRand returns the random source for one choice: PCG seeded with the player's
// seed, on a stream mixing the kind of player with the position (board, side to move,
// paika counter and ply). So a choice depends on the spec, the seed and the position
// only, never on the choices made before.
func positionRand(seed, stream uint64, p *engine.Position) *rand.Rand {
	return rand.New(rand.NewPCG(seed, positionStream(stream, p)))
}

// choiceRand gives the same source as positionRand, reseeded in place so that a choice
// allocates nothing (the hot path of random self-play).
type choiceRand struct {
	pcg rand.PCG
	rng *rand.Rand
}

func newChoiceRand() *choiceRand {
	c := &choiceRand{}
	c.rng = rand.New(&c.pcg)
	return c
}

// at returns the source positionRand(seed, stream, p) would.
func (c *choiceRand) at(seed, stream uint64, p *engine.Position) *rand.Rand {
	c.pcg.Seed(seed, positionStream(stream, p))
	return c.rng
}

func positionStream(stream uint64, p *engine.Position) uint64 {
	h := p.Hash() ^ stream
	h ^= mix64(uint64(p.Ply)<<32 | uint64(uint32(p.Paika)))
	return mix64(h)
}

// mix64 is the splitmix64 finaliser.
func mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
