// server.go: the server's configuration, its routes, listening (loopback unless allowed)
// and serving until its context ends, and the guards every request passes.

package analysis

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// Config is what a Server serves with. The zero value of each limit is its default.
type Config struct {
	Rules  engine.Rules   // the rules in force (engine.DefaultRules() for the game as played)
	Tables *tablebase.Set // the endgame tables; nil: none
	// AllowRemote lets the server answer requests addressed to any host, not only to a
	// loopback name (see CheckAddr for listening).
	AllowRemote bool
	// MaxSearches is how many searches (analyses and proofs) run at once over all
	// clients; 0: GOMAXPROCS.
	MaxSearches int
	// MaxTime caps the time budget a request may ask of a search; 0: DefaultMaxTime.
	MaxTime time.Duration
	// HashMB is the expert's transposition table a search; 0: DefaultHashMB.
	HashMB int
	// ProofEntries is the prover's transposition table a proof (32 bytes an entry); 0:
	// DefaultProofEntries.
	ProofEntries int
	// Toolkit names the program in the certificates it writes (its version).
	Toolkit string
}

// Defaults of Config's limits, and the fixed bounds of every request.
const (
	DefaultMaxTime      = 5 * time.Minute
	DefaultHashMB       = 8
	DefaultProofEntries = 1 << 20 // 32 MiB
	// MaxBody bounds a request body but the games': a FEN and a turn fit many times.
	MaxBody = 64 << 10
	// MaxGamesBody bounds the text of games sent to /api/games.
	MaxGamesBody = 8 << 20
	// MaxClients bounds the clients holding or waiting for a search at once.
	MaxClients = 64
	// quickTimeout bounds the answer of every request but a search's.
	quickTimeout = 10 * time.Second
)

// Server is the analysis board. Make one with New; it is safe for concurrent use.
type Server struct {
	cfg    Config
	gate   *gate
	mux    *http.ServeMux
	page   []byte // the rendered page
	oracle *tablebase.Oracle
}

// New returns a server for cfg, the page rendered once.
func New(cfg Config) (*Server, error) {
	if cfg.MaxSearches <= 0 {
		cfg.MaxSearches = runtime.GOMAXPROCS(0)
	}
	if cfg.MaxTime <= 0 {
		cfg.MaxTime = DefaultMaxTime
	}
	if cfg.HashMB <= 0 {
		cfg.HashMB = DefaultHashMB
	}
	if cfg.ProofEntries <= 0 {
		cfg.ProofEntries = DefaultProofEntries
	}
	if cfg.Rules.PaikaLimit < 0 {
		return nil, fmt.Errorf("analysis: paika limit %d: must be 0 (off) or more", cfg.Rules.PaikaLimit)
	}
	s := &Server{cfg: cfg, gate: newGate(cfg.MaxSearches, MaxClients)}
	if cfg.Tables != nil {
		s.oracle = tablebase.NewOracle(cfg.Tables)
	}
	page, err := renderPage(cfg)
	if err != nil {
		return nil, err
	}
	s.page = page
	s.routes()
	return s, nil
}

func (s *Server) routes() {
	m := http.NewServeMux()
	quick := func(h http.HandlerFunc) http.Handler {
		return http.TimeoutHandler(h, quickTimeout, "the answer took longer than "+quickTimeout.String())
	}
	m.Handle("GET /{$}", quick(s.handlePage))
	m.Handle("GET /static/{name}", quick(s.handleStatic))
	m.Handle("POST /api/position", quick(s.handlePosition))
	m.Handle("POST /api/play", quick(s.handlePlay))
	m.Handle("POST /api/probe", quick(s.handleProbe))
	m.Handle("POST /api/games", quick(s.handleGames))
	m.HandleFunc("GET /api/analyse", s.handleAnalyse) // streamed: bounded by its budget
	m.HandleFunc("POST /api/prove", s.handleProve)    // bounded by its budget
	methods := map[string]string{"/api/position": "POST", "/api/play": "POST", "/api/probe": "POST",
		"/api/games": "POST", "/api/analyse": "GET", "/api/prove": "POST"}
	m.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		if want, ok := methods[r.URL.Path]; ok {
			w.Header().Set("Allow", want)
			fail(w, http.StatusMethodNotAllowed, "%s %s: this call takes %s", r.Method, r.URL.Path, want)
			return
		}
		fail(w, http.StatusNotFound, "no such API call %s %s (docs/PROTOCOL.md lists them)", r.Method, r.URL.Path)
	})
	s.mux = m
}

// Handler returns the server's handler with its guards: requests to a host that is not
// loopback refused (unless AllowRemote), a panic answered with a 500.
func (s *Server) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				fail(w, http.StatusInternalServerError, "internal error: %v", v)
			}
		}()
		if !s.cfg.AllowRemote && !loopbackHost(r.Host) {
			fail(w, http.StatusForbidden, "host %q is not a loopback address (the server answers 127.0.0.1, [::1] and localhost)", r.Host)
			return
		}
		s.mux.ServeHTTP(w, r)
	})
}

// Serve answers on ln until ctx ends, then stops every search, lets requests in
// flight end for a moment, and returns nil.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    64 << 10,
		BaseContext:       func(net.Listener) context.Context { return ctx },
		ErrorLog:          nil,
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		srv.Close()
	}
	if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// CheckAddr refuses a listening address that is not loopback unless allowRemote: its
// host must be 127.0.0.0/8, ::1 or localhost (an empty host listens on every
// interface).
func CheckAddr(addr string, allowRemote bool) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("address %q: %v (expected host:port, like 127.0.0.1:8080)", addr, err)
	}
	if port == "" {
		return fmt.Errorf("address %q: no port (expected host:port, like 127.0.0.1:8080; port 0 picks a free one)", addr)
	}
	if allowRemote {
		return nil
	}
	if host == "" || !isLoopback(host) {
		shown := host
		if shown == "" {
			shown = "every interface"
		}
		return fmt.Errorf("address %q: %s is not loopback; the server listens on 127.0.0.1, ::1 or localhost unless allowed", addr, shown)
	}
	return nil
}

// Listen checks addr (CheckAddr) and listens on it.
func Listen(addr string, allowRemote bool) (net.Listener, error) {
	if err := CheckAddr(addr, allowRemote); err != nil {
		return nil, err
	}
	return net.Listen("tcp", addr)
}

// isLoopback reports whether host is a loopback IP literal or the name localhost (no
// name is looked up).
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// loopbackHost reports whether a request's Host header names a loopback host.
func loopbackHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	return isLoopback(host)
}

// fail answers with status and a one-line reason.
func fail(w http.ResponseWriter, status int, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	msg = strings.Join(strings.Fields(strings.ReplaceAll(msg, "\x00", " ")), " ")
	if r := []rune(msg); len(r) > 300 {
		msg = string(r[:300]) + "…"
	}
	h := w.Header()
	h.Del("Content-Length")
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	fmt.Fprintln(w, msg)
}

// ListenAndServe listens on addr (CheckAddr with cfg.AllowRemote), calls ready with the
// page's address once requests are answered, and serves until ctx ends.
func ListenAndServe(ctx context.Context, addr string, cfg Config, ready func(url string)) error {
	s, err := New(cfg)
	if err != nil {
		return err
	}
	ln, err := Listen(addr, cfg.AllowRemote)
	if err != nil {
		return err
	}
	if ready != nil {
		ready("http://" + ln.Addr().String() + "/")
	}
	return s.Serve(ctx, ln)
}

// OpenBrowser asks the desktop to open url (xdg-open where a display is set, open on
// macOS); it does not wait for the browser.
func OpenBrowser(url string) error {
	name := "xdg-open"
	switch {
	case runtime.GOOS == "darwin":
		name = "open"
	case os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "":
		// xdg-open would fall back to a text browser on this terminal.
		return fmt.Errorf("no desktop to open a browser on (DISPLAY unset): open %s yourself", url)
	}
	bin, err := exec.LookPath(name)
	if err != nil {
		return fmt.Errorf("no %s to open a browser with: open %s yourself", name, url)
	}
	cmd := exec.Command(bin, url)
	if err := cmd.Start(); err != nil {
		return err
	}
	go cmd.Wait()
	return nil
}
