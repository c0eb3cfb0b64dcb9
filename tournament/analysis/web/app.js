// The analysis board's script: the board's clicks (a turn entered step by step among the
// legal turns the server lists), the history with undo and redo, and the panels of the
// expert (a stream of server-sent events read with fetch, so that leaving stops it),
// the tables, the prover and opened games. Every rule is the server's: the script only
// filters the legal turns it was given.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const SVGNS = "http://www.w3.org/2000/svg";
  const svg = document.querySelector("#board svg");
  const client = "page-" + Math.random().toString(36).slice(2, 12);
  const names = [];
  for (let r = 1; r <= 5; r++) for (let c = 0; c < 9; c++) names.push("abcdefghi"[c] + r);

  // Each point: its piece circle, its centre, and a larger transparent circle on top
  // that takes the clicks.
  const pieces = {}, centre = {};
  svg.querySelectorAll("circle[data-point]").forEach((c) => {
    const p = c.getAttribute("data-point");
    pieces[p] = c;
    centre[p] = [parseFloat(c.getAttribute("cx")), parseFloat(c.getAttribute("cy"))];
  });
  const overlay = document.createElementNS(SVGNS, "g");
  overlay.setAttribute("id", "overlay");
  svg.appendChild(overlay);
  const hits = document.createElementNS(SVGNS, "g");
  svg.appendChild(hits);
  names.forEach((p) => {
    const h = document.createElementNS(SVGNS, "circle");
    h.setAttribute("class", "hit");
    h.setAttribute("data-hit", p);
    h.setAttribute("cx", centre[p][0]);
    h.setAttribute("cy", centre[p][1]);
    h.setAttribute("r", 26);
    h.addEventListener("click", () => clickPoint(p));
    hits.appendChild(h);
  });

  // history[i] is a position: its FEN, the turn that led to it and that turn's path.
  let history = [], cur = 0, pos = null;
  let chain = null; // the turn being entered: {from, steps: [{to, kind, captured}]}
  let pendingTo = null; // a landing point where approach and withdrawal both capture
  let analysis = null; // the running analysis's AbortController
  let games = [];

  function message(text) { $("message").textContent = text || ""; }

  async function api(path, body, type) {
    const res = await fetch(path, {method: "POST", headers: {"Content-Type": type || "application/json"},
      body: type ? body : JSON.stringify(body)});
    const text = await res.text();
    if (!res.ok) throw new Error(text.trim() || res.statusText);
    return JSON.parse(text);
  }

  // ---- positions and history ----

  async function setPosition(fen) {
    const view = await api("/api/position", {fen: fen});
    history = [{fen: view.fen, turn: "", path: []}];
    cur = 0;
    show(view);
  }

  async function goTo(i) {
    if (i < 0 || i >= history.length) return;
    const view = await api("/api/position", {fen: history[i].fen});
    cur = i;
    show(view);
  }

  function show(view) {
    pos = view;
    document.body.dataset.fen = view.fen; // the position shown, for scripts and tests
    chain = null;
    pendingTo = null;
    $("choice").hidden = true;
    message("");
    render();
    renderMoves();
    positionChanged();
  }

  function boardNow() {
    // The board of the position with the steps entered so far played on it.
    const b = {};
    names.forEach((p, i) => { b[p] = pos.board[i]; });
    if (chain) {
      let at = chain.from;
      chain.steps.forEach((s) => {
        b[s.to] = b[at]; b[at] = ".";
        (s.captured || []).forEach((q) => { b[q] = "."; });
        at = s.to;
      });
    }
    return b;
  }

  function candidates() {
    if (!chain) return [];
    return pos.turns.filter((t) => t.from === chain.from && chain.steps.every((s, i) =>
      t.steps.length > i && t.steps[i].to === s.to && t.steps[i].kind === s.kind));
  }

  // nextSteps maps each point the chain may step to next to the steps landing there.
  function nextSteps() {
    const out = {}, i = chain ? chain.steps.length : 0;
    candidates().forEach((t) => {
      if (t.steps.length > i) {
        const s = t.steps[i];
        out[s.to] = out[s.to] || {};
        out[s.to][s.kind] = s;
      }
    });
    return out;
  }

  function canStop() {
    return !!chain && chain.steps.length > 0 && candidates().some((t) => t.steps.length === chain.steps.length);
  }

  function render() {
    const b = boardNow();
    names.forEach((p) => {
      pieces[p].setAttribute("class", b[p] === "W" ? "white" : b[p] === "B" ? "black" : "empty");
    });
    while (overlay.firstChild) overlay.removeChild(overlay.firstChild);
    const h = history[cur];
    if (h && h.path.length > 1 && !chain) overlay.appendChild(line(h.path, "last"));
    const movable = new Set(pos.turns.map((t) => t.from));
    if (!chain) {
      movable.forEach((p) => pieces[p].classList.add("movable"));
    } else {
      const at = chain.steps.length ? chain.steps[chain.steps.length - 1].to : chain.from;
      pieces[at].classList.add("selected");
      if (chain.steps.length) overlay.appendChild(line([chain.from].concat(chain.steps.map((s) => s.to)), "chain"));
      const next = nextSteps();
      Object.keys(next).forEach((p) => {
        const c = document.createElementNS(SVGNS, "circle");
        c.setAttribute("class", "target");
        c.setAttribute("data-target", p);
        c.setAttribute("cx", centre[p][0]);
        c.setAttribute("cy", centre[p][1]);
        c.setAttribute("r", 14);
        overlay.appendChild(c);
      });
      if (pendingTo) {
        Object.values(next[pendingTo] || {}).forEach((s) => (s.captured || []).forEach((q) => pieces[q].classList.add("victim")));
      }
    }
    $("fen").value = chain ? $("fen").value : pos.fen;
    $("side").textContent = pos.side + " to move";
    $("paika").textContent = pos.paika + (pos.paika_limit ? " of " + pos.paika_limit : "");
    $("ply").textContent = pos.ply;
    $("status").textContent = pos.status.over ? "game over: " + pos.status.result + " (" + pos.status.reason + ")" : (pos.capture ? "must capture" : "");
    $("stop").disabled = !canStop();
    $("cancel").disabled = !chain;
    $("undo").disabled = cur === 0;
    $("first").disabled = cur === 0;
    $("redo").disabled = cur >= history.length - 1;
    $("last").disabled = cur >= history.length - 1;
  }

  function line(points, cls) {
    const l = document.createElementNS(SVGNS, "polyline");
    l.setAttribute("class", cls);
    l.setAttribute("points", points.map((p) => centre[p].join(",")).join(" "));
    return l;
  }

  function renderMoves() {
    const ol = $("moves");
    ol.textContent = "";
    for (let i = 1; i < history.length; i++) {
      const li = document.createElement("li");
      const span = document.createElement("span");
      span.textContent = history[i].turn;
      if (i === cur) span.className = "current";
      span.addEventListener("click", () => goTo(i).catch((e) => message(e.message)));
      li.appendChild(span);
      ol.appendChild(li);
    }
    const curEl = ol.querySelector(".current");
    if (curEl) curEl.scrollIntoView({block: "nearest"});
  }

  // ---- entering a turn ----

  function clickPoint(p) {
    if (!pos) return;
    if (pos.status.over) { message("the game is over"); return; }
    $("choice").hidden = true;
    pendingTo = null;
    const next = nextSteps();
    if (chain && next[p]) { step(p, next[p]); return; }
    if (chain && chain.steps.length > 0) { message(p + ": not a step of this chain (stop, or cancel the steps)"); render(); return; }
    if (chain && chain.from === p) { chain = null; render(); return; }
    if (pos.turns.some((t) => t.from === p)) { chain = {from: p, steps: []}; message(""); render(); return; }
    message(p + ": no legal turn starts there" + (pos.capture ? " (a capture is compulsory)" : ""));
  }

  function step(p, kinds) {
    const ks = Object.keys(kinds);
    if (ks.length > 1) {
      pendingTo = p;
      $("choice-text").textContent = "to " + p + ": ";
      $("choice").hidden = false;
      render();
      return;
    }
    take(kinds[ks[0]]);
  }

  function take(s) {
    chain.steps.push({to: s.to, kind: s.kind, captured: s.captured || []});
    pendingTo = null;
    $("choice").hidden = true;
    const i = chain.steps.length;
    if (!candidates().some((t) => t.steps.length > i)) { commit(); return; }
    message("");
    render();
  }

  function choose(kind) {
    if (!pendingTo) return;
    const s = (nextSteps()[pendingTo] || {})[kind];
    if (s) take(s);
  }

  async function commit() {
    const turn = chain.from + chain.steps.map((s) => "-" + s.to + (s.kind === "approach" ? "A" : s.kind === "withdrawal" ? "W" : "")).join("");
    const fen = pos.fen;
    try {
      const ans = await api("/api/play", {fen: fen, turn: turn});
      const path = [chain.from].concat(chain.steps.map((s) => s.to));
      history = history.slice(0, cur + 1);
      history.push({fen: ans.position.fen, turn: ans.turn, path: path});
      cur = history.length - 1;
      show(ans.position);
    } catch (e) {
      chain = null;
      message(e.message);
      render();
    }
  }

  // ---- the expert, the tables and the prover ----

  function positionChanged() {
    stopAnalysis();
    $("lines").textContent = "";
    $("analysis-info").textContent = "";
    $("proof").textContent = "";
    probe();
    if ($("continuous").checked && !pos.status.over) startAnalysis();
  }

  function stopAnalysis() {
    if (analysis) { analysis.abort(); analysis = null; }
  }

  async function startAnalysis() {
    stopAnalysis();
    if (pos.status.over) { $("analysis-info").textContent = "the game is over"; return; }
    const ctl = new AbortController();
    analysis = ctl;
    const q = new URLSearchParams({fen: pos.fen, client: client, multipv: $("multipv").value, time: $("atime").value});
    const fen = pos.fen;
    $("analysis-info").textContent = "searching…";
    try {
      const res = await fetch("/api/analyse?" + q.toString(), {signal: ctl.signal});
      if (!res.ok) throw new Error((await res.text()).trim());
      const reader = res.body.getReader(), dec = new TextDecoder();
      let buf = "";
      for (;;) {
        const {value, done} = await reader.read();
        if (done) break;
        buf += dec.decode(value, {stream: true});
        let k;
        while ((k = buf.indexOf("\n\n")) >= 0) {
          const block = buf.slice(0, k);
          buf = buf.slice(k + 2);
          let ev = "message", data = "";
          block.split("\n").forEach((l) => {
            if (l.startsWith("event: ")) ev = l.slice(7);
            else if (l.startsWith("data: ")) data += l.slice(6);
          });
          if (analysis === ctl && pos.fen === fen) showEvent(ev, JSON.parse(data));
        }
      }
    } catch (e) {
      if (e.name !== "AbortError" && analysis === ctl) $("analysis-info").textContent = e.message;
    } finally {
      if (analysis === ctl) analysis = null;
    }
  }

  function showEvent(ev, d) {
    if (ev === "info") {
      $("analysis-info").textContent = "depth " + d.depth + " · " + d.nodes.toLocaleString("en") + " nodes · " + (d.time_ms / 1000).toFixed(1) + " s";
      const ol = $("lines");
      ol.textContent = "";
      d.lines.forEach((l) => {
        const li = document.createElement("li");
        const sc = document.createElement("span");
        sc.className = "score";
        sc.textContent = l.score_text;
        li.appendChild(sc);
        li.appendChild(document.createTextNode(" " + l.pv.join(" ")));
        ol.appendChild(li);
      });
    } else if (ev === "done") {
      $("analysis-info").textContent += " · done (" + d.reason + ")";
    }
  }

  async function probe() {
    const fen = pos.fen;
    const el = $("tables");
    try {
      const a = await api("/api/probe", {fen: fen});
      if (pos.fen !== fen) return;
      el.textContent = "";
      if (!a.covered) { el.textContent = "not covered: " + a.reason; return; }
      const v = document.createElement("div");
      v.innerHTML = "";
      const b = document.createElement("span");
      b.className = "value";
      b.textContent = a.value.text;
      v.appendChild(document.createTextNode(a.class + " under " + (a.paika_limit ? "paika limit " + a.paika_limit : "no paika limit") + ": "));
      v.appendChild(b);
      if (a.kind === "cursed-win" || a.kind === "blessed-loss") v.appendChild(document.createTextNode(" (" + a.kind + ")"));
      if (a.theoretic && a.paika_limit) v.appendChild(document.createTextNode(" · theoretic " + a.theoretic.text));
      el.appendChild(v);
      const best = document.createElement("div");
      best.className = "mono";
      best.textContent = "best: " + (a.best || []).join(" ");
      el.appendChild(best);
      if (a.line && a.line.length) {
        const l = document.createElement("div");
        l.className = "mono";
        l.textContent = "line: " + a.line.join(" ");
        el.appendChild(l);
      }
    } catch (e) {
      if (pos.fen === fen) el.textContent = e.message;
    }
  }

  async function prove() {
    const el = $("proof");
    const fen = pos.fen;
    el.textContent = "proving " + $("claim").value + "…";
    $("prove").disabled = true;
    try {
      const a = await api("/api/prove?client=" + client + "-prover", {fen: fen, claim: $("claim").value, time: $("ptime").value});
      if (pos.fen !== fen) return;
      el.textContent = a.result + " · " + a.claims.map((c) => c.claim + " " + c.outcome + (c.holds ? " (" + c.holds + " holds)" : "")).join(", ") +
        " · " + a.nodes.toLocaleString("en") + " nodes, " + (a.time_ms / 1000).toFixed(1) + " s";
      if (a.certificate) {
        const bytes = Uint8Array.from(atob(a.certificate), (c) => c.charCodeAt(0));
        const link = document.createElement("a");
        link.href = URL.createObjectURL(new Blob([bytes], {type: "application/gzip"}));
        link.download = "proof.fpc.gz";
        link.textContent = " save the certificate";
        el.appendChild(document.createTextNode(" ·"));
        el.appendChild(link);
      } else if (a.certificate_note) {
        el.appendChild(document.createTextNode(" · " + a.certificate_note));
      }
    } catch (e) {
      el.textContent = e.message;
    } finally {
      $("prove").disabled = false;
    }
  }

  // ---- games ----

  async function openGames(text) {
    try {
      const a = await api("/api/games", text, "text/plain");
      games = a.games;
      const sel = $("games");
      sel.textContent = "";
      games.forEach((g, i) => {
        const o = document.createElement("option");
        o.value = String(i);
        o.textContent = g.title;
        sel.appendChild(o);
      });
      sel.hidden = false;
      $("games-note").textContent = games.length + " games" + (a.skipped ? ", " + a.skipped + " left out" : "") + (a.note ? " (" + a.note + ")" : "");
      if (document.activeElement) document.activeElement.blur(); // the arrow keys step through it
      await openGame(0);
    } catch (e) {
      $("games-note").textContent = e.message;
    }
  }

  async function openGame(i) {
    const g = games[i];
    if (!g) return;
    history = g.fens.map((f, k) => ({fen: f, turn: k ? g.turns[k - 1] : "", path: k ? (g.turns[k - 1].match(/[a-i][1-5]/g) || []) : []}));
    await goTo(0);
  }

  // ---- wiring ----

  $("board").addEventListener("contextmenu", (e) => { e.preventDefault(); if (chain) { chain = null; render(); } });
  $("choose-approach").addEventListener("click", () => choose("approach"));
  $("choose-withdrawal").addEventListener("click", () => choose("withdrawal"));
  $("stop").addEventListener("click", () => { if (canStop()) commit(); });
  $("cancel").addEventListener("click", () => { chain = null; pendingTo = null; $("choice").hidden = true; render(); });
  $("undo").addEventListener("click", () => goTo(cur - 1).catch((e) => message(e.message)));
  $("redo").addEventListener("click", () => goTo(cur + 1).catch((e) => message(e.message)));
  $("first").addEventListener("click", () => goTo(0).catch((e) => message(e.message)));
  $("last").addEventListener("click", () => goTo(history.length - 1).catch((e) => message(e.message)));
  $("flip").addEventListener("click", () => svg.classList.toggle("flipped"));
  $("analyse").addEventListener("click", () => startAnalysis());
  $("continuous").addEventListener("change", () => { if ($("continuous").checked) startAnalysis(); else stopAnalysis(); });
  $("prove").addEventListener("click", () => prove());
  $("start").addEventListener("click", () => setPosition("BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w 0 0").catch((e) => message(e.message)));
  $("fen-form").addEventListener("submit", (e) => {
    e.preventDefault();
    setPosition($("fen").value.trim()).catch((err) => message(err.message));
  });
  $("games-file").addEventListener("change", (e) => {
    const f = e.target.files[0];
    if (f) f.text().then(openGames);
  });
  $("games").addEventListener("change", (e) => openGame(parseInt(e.target.value, 10)));
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    const keys = {ArrowLeft: () => goTo(cur - 1), ArrowRight: () => goTo(cur + 1), Home: () => goTo(0), End: () => goTo(history.length - 1)};
    if (keys[e.key]) { e.preventDefault(); keys[e.key]().catch((err) => message(err.message)); }
    if (e.key === "Escape" && chain) { chain = null; pendingTo = null; $("choice").hidden = true; render(); }
  });

  const start = new URLSearchParams(location.search).get("fen") || "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w 0 0";
  setPosition(start).catch((e) => { message(e.message); return setPosition("BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w 0 0"); });
})();
