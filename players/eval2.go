// eval2.go: the second evaluation, a weighted sum of features of the position whose
// weights are fitted to game results (players/tune, docs/LEVELS.md).

package players

import "github.com/fanorona/fanorona/engine"

// Features of Evaluate2, each for the side to move minus the opponent unless said.
const (
	FeatMaterial    = iota // pieces
	FeatPoints             // positional bonus (PointBonus) of the pieces
	FeatMobility           // paika steps: pieces times empty neighbours along lines
	FeatTargets            // enemy pieces the side to move can capture by a first step (own only)
	FeatExposed            // own pieces the opponent could capture by a first step (own only)
	FeatConnected          // pieces with a friendly neighbour along a line
	FeatEndMaterial        // pieces, weighted by how few are left: material·(44 − all)/44
	NumFeatures
)

// FeatureNames are the features' names, in order, for the tuner's reports.
var FeatureNames = [NumFeatures]string{"material", "points", "mobility", "targets", "exposed", "connected", "end-material"}

// Weights2 are the weights of Evaluate2 in hundredths of a piece per unit of each feature
// (FeatEndMaterial per unit of material·(44 − all)/44). Fitted by players/tune on 97 798
// quiet positions of 2000 self-play games (seed 1; FeatTargets, always 0 in quiet
// positions, and FeatEndMaterial held at 0), then scaled so that a piece is 100; see
// docs/LEVELS.md for the data set, the command and the fit.
var Weights2 = [NumFeatures]int{100, 9, 6, 0, -94, -23, 0}

// evalShiftMask[d] keeps the points with a line step in direction d (the engine's own
// shift tables, rebuilt from engine.Neighbour).
var (
	evalShiftMask [engine.NumDirections]engine.Bitboard
	evalShiftBy   [engine.NumDirections]int
)

func init() {
	for pt := engine.Point(0); pt < engine.Points; pt++ {
		for d := engine.Direction(0); d < engine.NumDirections; d++ {
			if q := engine.Neighbour(pt, d); q != engine.NoPoint {
				evalShiftMask[d] |= engine.Bit(pt)
				evalShiftBy[d] = int(q) - int(pt)
			}
		}
	}
}

func shiftDir(b engine.Bitboard, d engine.Direction) engine.Bitboard {
	b &= evalShiftMask[d]
	if s := evalShiftBy[d]; s > 0 {
		return b << uint(s)
	} else {
		return b >> uint(-s)
	}
}

// sideFeatures returns, for the pieces own against enemy: paika steps, the enemy pieces
// own can take by a first capture step, and own pieces with a friendly neighbour.
func sideFeatures(own, enemy, empty engine.Bitboard) (mobility int, targets engine.Bitboard, connected engine.Bitboard) {
	for d := engine.Direction(0); d < engine.NumDirections; d++ {
		back := (d + 4) & 7
		movers := own & shiftDir(empty, back) // own pieces whose step along d is free
		mobility += movers.Count()
		// approach: step to the empty point, take the enemy on the next one along d
		targets |= enemy & shiftDir(shiftDir(movers, d), d)
		// withdrawal: step away along d, take the enemy just behind
		targets |= enemy & shiftDir(movers, back)
		connected |= own & shiftDir(own, d)
	}
	return mobility, targets, connected
}

// Features computes the features of p for the side to move (Evaluate2 is their weighted
// sum).
func Features(p *engine.Position) [NumFeatures]int {
	own, enemy, empty := p.Own(), p.Enemy(), p.Empty()
	mo, targets, co := sideFeatures(own, enemy, empty)
	me, exposed, ce := sideFeatures(enemy, own, empty)
	material := own.Count() - enemy.Count()
	all := own.Count() + enemy.Count()
	return [NumFeatures]int{
		FeatMaterial:    material,
		FeatPoints:      bonusSum(own) - bonusSum(enemy),
		FeatMobility:    mo - me,
		FeatTargets:     targets.Count(),
		FeatExposed:     exposed.Count(),
		FeatConnected:   co.Count() - ce.Count(),
		FeatEndMaterial: material * (44 - all),
	}
}

// Evaluate2 returns the static score of p for the side to move, Σ Weights2·Features
// (FeatEndMaterial divided by 44), in hundredths of a piece. The weights are fitted on
// quiet positions; when the side to move can capture, the threat terms (FeatTargets,
// FeatExposed) are left out: the capture to come changes them, and this score is only
// the quiescence search's stand-pat bound there. With them, the bound was so low that
// capture chains were searched to their ends (a depth-3 search ran for minutes).
func Evaluate2(p *engine.Position) int { return EvaluateWeights(p, &Weights2) }

// EvaluateWeights is Evaluate2 with the weights w, the score kept inside ±(WinBound − 1)
// so that no weights make a static score pass for a proven result.
func EvaluateWeights(p *engine.Position, w *[NumFeatures]int) int {
	v, _ := evaluateWeightsQuiet(p, w)
	return v
}

// evaluateWeightsQuiet is EvaluateWeights, also reporting whether p is quiet (the side to
// move can take no piece: the engine's !CanCapture, read off the features for free).
func evaluateWeightsQuiet(p *engine.Position, w *[NumFeatures]int) (int, bool) {
	f := Features(p)
	quiet := f[FeatTargets] == 0
	v := 0
	for i, w := range w {
		switch {
		case i == FeatEndMaterial:
			v += w * f[i] / 44
		case (i == FeatTargets || i == FeatExposed) && !quiet:
		default:
			v += w * f[i]
		}
	}
	return min(max(v, -(WinBound-1)), WinBound-1), quiet
}
