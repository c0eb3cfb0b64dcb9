// info.go: what net info shows of a net file: the net named on a command line (the
// embedded one by its name), its header, shape and SHA-256, as JSON or as text.

package nnue

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
)

// Open reads the net file path; DefaultName, when no file has that name, is the embedded net.
func Open(path string) (*Net, error) {
	if _, err := os.Stat(path); err != nil && path == DefaultName {
		return Default(), nil
	}
	return Load(path)
}

// NoneName names no network where a spec or flag may name one (the expert's hand
// evaluation, the prover's turn counts).
const NoneName = "none"

// Select reads the net a spec or flag names: DefaultName the embedded net, NoneName none
// (nil), otherwise a net file.
func Select(name string) (*Net, error) {
	switch name {
	case NoneName:
		return nil, nil
	case DefaultName:
		return Default(), nil
	}
	n, err := Load(name)
	if err != nil {
		return nil, fmt.Errorf("want %q, %q or a net file: %w", DefaultName, NoneName, err)
	}
	return n, nil
}

// Info is a net file as net info shows it.
type Info struct {
	File   string `json:"file"`
	SHA256 string `json:"sha256"`
	Header Header `json:"header"`
}

// InfoOf is n's Info, read from path.
func InfoOf(n *Net, path string) Info { return Info{File: path, SHA256: n.SHA256, Header: n.Header} }

// WriteJSON writes the information as one JSON object on one line: file, sha256, header.
func (i Info) WriteJSON(w io.Writer) error {
	b, err := json.Marshal(i)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

// WriteText writes the information as lines of text: the file, its format and shape, and
// how the net was trained where its header records it.
func (i Info) WriteText(w io.Writer) {
	h := i.Header
	fmt.Fprintf(w, "file: %s\nsha256: %s\nformat: %s version %d\nshape: %d×%d (%d inputs)\nscale: %d hundredths of a piece per unit of output\nquantisation: a=%d w=%d o=%d\n",
		i.File, i.SHA256, h.Format, h.Version, h.Shape.Hidden, h.Shape.Layer, h.Inputs, h.Scale, h.Quant.A, h.Quant.W, h.Quant.O)
	tr := h.Training
	if tr == nil {
		fmt.Fprintln(w, "training: not recorded")
		return
	}
	if tr.Description != "" {
		fmt.Fprintf(w, "description: %s\n", tr.Description)
	}
	fmt.Fprintf(w, "training: %d positions (%d held out, share %g), seed %d, lambda %g, score scale %g\n",
		tr.Positions, tr.Validation, tr.ValidShare, tr.Seed, tr.Lambda, tr.ScoreScale)
	fmt.Fprintf(w, "  Adam: batch %d, learn rate %g, weight clip %g; %d epochs run (at most %d, patience %d), best %d\n",
		tr.BatchSize, tr.LearnRate, tr.WeightClip, tr.Epochs, tr.MaxEpochs, tr.Patience, tr.BestEpoch)
	fmt.Fprintf(w, "  loss at the best epoch: train %.5f, validation %.5f\n", tr.TrainLoss, tr.ValidLoss)
	if tr.Mirror {
		fmt.Fprintln(w, "  each record trained as itself and as its a↔i mirror image")
	}
	for _, d := range tr.Data {
		fmt.Fprintf(w, "  data: %s, %d records, sha256 %s\n", d.Name, d.Records, d.SHA256)
	}
}

// ReadInfo is the Info of the net file path (Open).
func ReadInfo(path string) (Info, error) {
	n, err := Open(path)
	if err != nil {
		return Info{}, err
	}
	return InfoOf(n, path), nil
}

// Write writes the information as JSON (WriteJSON) or as text (WriteText).
func (i Info) Write(w io.Writer, asJSON bool) error {
	if asJSON {
		return i.WriteJSON(w)
	}
	i.WriteText(w)
	return nil
}
