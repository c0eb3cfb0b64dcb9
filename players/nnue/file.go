// file.go: the net file: a text line, a JSON header line, then the quantised weights in
// little-endian integers (docs/FORMATS.md).

package nnue

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"sync"
)

// Magic is the first line of a net file.
const Magic = "fanorona net\n"

// FormatName and FormatVersion identify the header.
const (
	FormatName    = "fanorona-net"
	FormatVersion = 1
)

// Quant records the quantisation scales of a net file.
type Quant struct {
	A int `json:"a"`
	W int `json:"w"`
	O int `json:"o"`
}

// Header is the JSON line of a net file: its format, shape and score scale, and how it was
// trained (enough to train it again).
type Header struct {
	Format   string    `json:"format"` // "fanorona-net"
	Version  int       `json:"version"`
	Shape    Shape     `json:"shape"`
	Inputs   int       `json:"inputs"`
	Scale    int       `json:"scale"` // hundredths of a piece per unit of the output
	Quant    Quant     `json:"quant"`
	Training *Training `json:"training,omitempty"`
}

// Training says how a net was fitted: the data, the settings and what came of them.
type Training struct {
	Data        []DataFile `json:"data"`
	Positions   int        `json:"positions"`  // training positions read
	Validation  int        `json:"validation"` // of them, held out
	Seed        uint64     `json:"seed"`
	Lambda      float64    `json:"lambda"` // weight of the search score in the target; 1−lambda the game's result (or the table's value)
	ScoreScale  float64    `json:"score_scale"`
	Epochs      int        `json:"epochs"`           // epochs run
	BestEpoch   int        `json:"best_epoch"`       // the epoch whose weights were kept
	BatchSize   int        `json:"batch_size"`       // positions a step
	LearnRate   float64    `json:"learn_rate"`       // Adam's step size
	TrainLoss   float64    `json:"train_loss"`       // at the best epoch
	ValidLoss   float64    `json:"valid_loss"`       // at the best epoch
	Patience    int        `json:"patience"`         // epochs without a better validation loss before stopping
	MaxEpochs   int        `json:"max_epochs"`       // the cap
	WeightClip  float64    `json:"weight_clip"`      // |w| bound of the small layers
	ValidShare  float64    `json:"valid_share"`      // share of the games held out for validation
	Mirror      bool       `json:"mirror,omitempty"` // each position also trained as its a↔i mirror image
	Description string     `json:"description,omitempty"`
}

// DataFile names one positions file a net was trained on.
type DataFile struct {
	Name    string `json:"name"`
	SHA256  string `json:"sha256"`
	Records int    `json:"records"`
}

// Encode returns the net file's bytes.
func (n *Net) Encode() ([]byte, error) {
	h := n.Header
	h.Inputs = Inputs
	hb, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(Magic)
	b.Write(hb)
	b.WriteByte('\n')
	for _, part := range []any{n.w1, n.b1, n.w2, n.b2, n.w3, n.b3} {
		if err := binary.Write(&b, binary.LittleEndian, part); err != nil {
			return nil, err
		}
	}
	return b.Bytes(), nil
}

// Parse reads a net file's bytes (name for errors).
func Parse(data []byte, name string) (*Net, error) {
	if !bytes.HasPrefix(data, []byte(Magic)) {
		return nil, fmt.Errorf("%s: not a net file (its first line is not %q)", name, Magic[:len(Magic)-1])
	}
	rest := data[len(Magic):]
	line, body, ok := bytes.Cut(rest, []byte("\n"))
	if !ok {
		return nil, fmt.Errorf("%s: the header line is missing", name)
	}
	var h Header
	if err := json.Unmarshal(line, &h); err != nil {
		return nil, fmt.Errorf("%s: header: %v", name, err)
	}
	if h.Format != FormatName || h.Version != FormatVersion || h.Inputs != Inputs {
		return nil, fmt.Errorf("%s: header: format %q version %d with %d inputs (this build reads %q version %d, %d inputs)",
			name, h.Format, h.Version, h.Inputs, FormatName, FormatVersion, Inputs)
	}
	if err := h.Shape.check(); err != nil {
		return nil, fmt.Errorf("%s: header: %v", name, err)
	}
	if h.Quant != (Quant{A: QA, W: QW, O: QO}) {
		return nil, fmt.Errorf("%s: header: quantisation %+v (this build reads a=%d w=%d o=%d)", name, h.Quant, QA, QW, QO)
	}
	if h.Scale < 1 || h.Scale > 10000 {
		return nil, fmt.Errorf("%s: header: scale %d: must be from 1 to 10000", name, h.Scale)
	}
	hd, l := h.Shape.Hidden, h.Shape.Layer
	n := &Net{Header: h, hidden: hd, layer: l, scale: int64(h.Scale),
		w1: make([]int16, Inputs*hd), b1: make([]int16, hd), w2: make([]int16, l*2*hd),
		b2: make([]int32, l), w3: make([]int32, l)}
	want := 2*(len(n.w1)+len(n.b1)+len(n.w2)) + 4*(len(n.b2)+len(n.w3)) + 8
	if len(body) != want {
		return nil, fmt.Errorf("%s: %d bytes of weights, where shape %d×%d has %d", name, len(body), hd, l, want)
	}
	r := bytes.NewReader(body)
	for _, part := range []any{n.w1, n.b1, n.w2, n.b2, n.w3, &n.b3} {
		if err := binary.Read(r, binary.LittleEndian, part); err != nil {
			return nil, fmt.Errorf("%s: weights: %v", name, err)
		}
	}
	if err := n.checkLayer(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	sum := sha256.Sum256(data)
	n.SHA256 = hex.EncodeToString(sum[:])
	return n, nil
}

// Load reads the net file path.
func Load(path string) (*Net, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(data, path)
}

//go:embed default.fnn
var defaultNet []byte

// DefaultName is how specs and records name the embedded net.
const DefaultName = "default"

var (
	defaultOnce sync.Once
	defaultVal  *Net
)

// Default returns the net embedded in the binary (docs/LEARNING.md says how it was made).
func Default() *Net {
	defaultOnce.Do(func() {
		n, err := Parse(defaultNet, "embedded net")
		if err != nil {
			panic(err) // a build whose embedded net does not parse is broken: the tests say so
		}
		defaultVal = n
	})
	return defaultVal
}
