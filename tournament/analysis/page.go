// page.go: the one page and its embedded script and stylesheet; the board is the
// picture of package board (as `show` draws it), which the script re-classes point by
// point.

package analysis

import (
	"bytes"
	"embed"
	"html/template"
	"net/http"
	"path"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/stats/chart/board"
)

//go:embed web/index.html.tmpl web/app.js web/style.css
var web embed.FS

// pageData fills the page's template.
type pageData struct {
	Board    template.HTML
	PieceCSS template.CSS
	Rules    string
	Tables   string
	Toolkit  string
	MaxTime  string
}

func renderPage(cfg Config) ([]byte, error) {
	tmpl, err := template.ParseFS(web, "web/index.html.tmpl")
	if err != nil {
		return nil, err
	}
	var svg bytes.Buffer
	if err := board.SVG(&svg, engine.Start(), board.Options{}); err != nil {
		return nil, err
	}
	d := pageData{Board: template.HTML(svg.String()), PieceCSS: template.CSS(board.PieceCSS("#board")),
		Rules: cfg.Rules.String(), Tables: "none", Toolkit: cfg.Toolkit, MaxTime: cfg.MaxTime.String()}
	if cfg.Tables != nil {
		d.Tables = cfg.Tables.Dir()
	}
	var out bytes.Buffer
	if err := tmpl.Execute(&out, d); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

func (s *Server) handlePage(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'")
	h.Set("X-Content-Type-Options", "nosniff")
	w.Write(s.page)
}

func (s *Server) handleStatic(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	types := map[string]string{"app.js": "text/javascript; charset=utf-8", "style.css": "text/css; charset=utf-8"}
	ct, ok := types[name]
	if !ok {
		fail(w, http.StatusNotFound, "no such file %q", name)
		return
	}
	data, err := web.ReadFile(path.Join("web", name))
	if err != nil {
		fail(w, http.StatusInternalServerError, "%v", err)
		return
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Write(data)
}
