// report.go: one self-contained HTML page per set of records: the runs' settings and
// seeds, the warnings, every table with its methods, every chart as inline SVG.

package report

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"path/filepath"
	"regexp"
	"strings"
)

// Report is everything the HTML page shows, built by [Build].
type Report struct {
	Title    string
	Files    []string
	Runs     []Run
	Games    int
	Distinct int // distinct games over all matchups
	Dropped  int // record lines left out
	Warnings []string
	Tables   []Table
	Figures  []Named
	Viewer   *Viewer // nil: no game replays
}

// Build makes the report of in: the summary of its records (package summary), the
// tables, the warnings and every chart that applies.
func Build(in *Input) (*Report, error) {
	s := in.Summary
	figs, err := Figures(s, in.Records)
	if err != nil {
		return nil, err
	}
	viewer, viewerWarnings, err := buildViewer(&in.notable)
	if err != nil {
		return nil, err
	}
	r := &Report{
		Title:    title(in),
		Files:    in.Files,
		Runs:     in.Runs,
		Games:    s.Games,
		Distinct: s.DistinctGames,
		Dropped:  len(in.Dropped),
		Warnings: append(Warnings(in), viewerWarnings...),
		Tables:   Tables(s),
		Figures:  figs,
		Viewer:   viewer,
	}
	return r, nil
}

// title names the report after its runs' players, or its files.
func title(in *Input) string {
	if len(in.Runs) > 0 {
		c := in.Runs[0].Config
		return fmt.Sprintf("Fanorona %s: %s", c.Format, strings.Join(c.Players, ", "))
	}
	return "Fanorona games: " + strings.Join(in.Files, ", ")
}

//go:embed report.html.tmpl
var pageSource string

var page = template.Must(template.New("report").Funcs(template.FuncMap{
	"cell": breakBeforeInterval,
	"summaryRow": func(row []string) bool {
		return len(row) > 0 && (row[0] == "all" || row[0] == firstMoveRow)
	},
	"svg":          inlineSVG,
	"caption":      caption,
	"chartName":    func(kind string) string { return chartNames[kind] },
	"tableName":    func(id string) string { return tableNames[id] },
	"join":         func(s []string) string { return strings.Join(s, ", ") },
	"sampledGames": func() int { return SampledGames },
	"yesno": func(b bool) string {
		if b {
			return "yes"
		}
		return "no"
	},
}).Parse(pageSource))

// WriteHTML writes the report as one HTML page with no external resource: CSS inline,
// charts as inline SVG, and the game viewer's one inline script with its games' data.
func (r *Report) WriteHTML(w io.Writer) error {
	var buf bytes.Buffer
	if err := page.Execute(&buf, r); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// HTML returns the page as bytes.
func (r *Report) HTML() ([]byte, error) {
	var buf bytes.Buffer
	err := r.WriteHTML(&buf)
	return buf.Bytes(), err
}

var (
	xmlProlog  = regexp.MustCompile(`(?s)^.*?(<svg\b)`)
	fontFamily = regexp.MustCompile(`font-family:Liberation Sans;`)
)

// inlineSVG renders a chart as SVG for the page: the XML prolog dropped, fallback fonts
// named for machines without Liberation Sans (the text was laid out with its metrics,
// which Arial shares). gonum/plot escapes every text it writes, so names from files
// cannot inject markup; the page's tests check it.
func inlineSVG(n Named) (template.HTML, error) {
	var buf bytes.Buffer
	if err := n.Figure.Write(&buf, "svg"); err != nil {
		return "", err
	}
	s := xmlProlog.ReplaceAllString(buf.String(), "$1")
	s = fontFamily.ReplaceAllString(s, "font-family:'Liberation Sans',Arimo,Arial,Helvetica,sans-serif;")
	s = strings.Replace(s, "<svg ", fmt.Sprintf(`<svg role="img" aria-label="%s" class="chart" style="max-width: %.0fpx" `,
		template.HTMLEscapeString(n.Figure.Title), MaxChartWidth(n)), 1)
	return template.HTML(s), nil //nolint:gosec // gonum/plot's own SVG, its text escaped
}

// breakBeforeInterval lets a number cell wrap only before its interval ("0.480
// [0.382, 0.578]" onto two lines, never inside the brackets or inside "+48 =0 -52"), so
// that wide tables fit a printed page.
func breakBeforeInterval(cell string) string {
	parts := strings.Split(cell, " [")
	for i, p := range parts {
		parts[i] = strings.ReplaceAll(p, " ", "\u00a0")
	}
	return strings.Join(parts, " [")
}

// tableNames are the tables' short names, for the contents.
var tableNames = map[string]string{
	"standings": "Standings", "head-to-head": "Head to head", "ratings": "Ratings",
	"first-move": "White's results", "first-turn": "By first turn", "lengths": "Game lengths",
}

// chartNames are the charts' short names, for the contents.
var chartNames = map[string]string{
	Lengths: "game lengths", LengthsCDF: "game lengths, cumulative", FirstMove: "first-move advantage",
	Ratings: "ratings", Matrix: "pairwise scores",
}

// MaxChartWidth is the widest a chart is shown, in CSS pixels: 1.2 times its own size,
// so that its text, set at 10 to 14 points, never grows past 17 points on a wide window.
func MaxChartWidth(n Named) float64 {
	return 1.2 * float64(n.Figure.Width.Points()) * 96 / 72
}

// caption says what a chart shows and how to read it.
func caption(kind string) string {
	switch kind {
	case Lengths:
		return "Game length in plies by matchup, on shared bins: the median (solid), quartiles (dashed) and 5%/95% quantiles (dotted) of the games that ended by the rules; games stopped by the ply cap in a bar of their own."
	case LengthsCDF:
		return "Share of games ended within x plies, by matchup. Capped games never end, so a curve levels off at the share of natural endings."
	case FirstMove:
		return "White wins, draws and Black wins by matchup with Clopper–Pearson intervals; White's score with its likelihood-ratio interval; 50% line."
	case Ratings:
		return "Elo per player (Bradley–Terry with BayesElo draws, maximum a posteriori, mean 0) with normal intervals from the inverse Hessian; self-play games left out."
	case Matrix:
		return "Score of the row player against the column player, with the number of games, players ordered by total score."
	}
	return ""
}

// ReportFile is the name of a run folder's HTML report.
const ReportFile = "report.html"

// WriteRunFiles writes into the run folder dir its PNG charts (plots: every chart that
// applies, as KIND.png) and its HTML report (html: report.html), replacing older ones,
// and returns the paths written: what selfplay and tournament --plots and --report call.
// The records are read once; everything is rendered before any file is written.
func WriteRunFiles(dir string, plots, html bool) ([]string, error) {
	if !plots && !html {
		return nil, nil
	}
	in, err := Load([]string{dir})
	if err != nil {
		return nil, err
	}
	r, err := Build(in)
	if err != nil {
		return nil, err
	}
	var page []byte
	if html {
		if page, err = r.HTML(); err != nil {
			return nil, err
		}
	}
	var paths []string
	if plots {
		if paths, err = WritePlots(dir, r.Figures); err != nil {
			return paths, err
		}
	}
	if html {
		p := filepath.Join(dir, ReportFile)
		if err := WriteFile(p, page, true); err != nil {
			return paths, err
		}
		paths = append(paths, p)
	}
	return paths, nil
}
