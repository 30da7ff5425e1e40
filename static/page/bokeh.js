// BokehJS, Panel's JS and the JS and CSS of the app's models, loaded once the app is on its way
// (loadBokeh), and the page's adjustments to BokehJS, made once it is loaded (adjustBokeh). Two
// reads of BokehJS's make the browser recompute the page's styles while its parts arrive: after
// each change to the page, a style read is as slow as recomputing the styles of every element
// changed since the last one (long main-thread tasks while the app's parts arrive). And a change
// to any page lays out every page, shown or not (3.). docs/explorer.md, "How the page loads", says
// what each adjustment saves.

// BokehJS, Panel and the JS/CSS of the app's models (`scripts` and `styles` of the page's
// configuration `config`): fetched when the worker starts importing the app (so that they take
// neither bandwidth nor main-thread time from the first score: BokehJS fetched once the
// snapshot's bytes were in made the live view later), all at once, and run in order (async =
// false); then adjusted (adjustBokeh). Resolves once they are; the same promise on every call.
let loaded = null;
export function loadBokeh({ scripts, styles }) {
  if (loaded) return loaded;
  const ran = scripts.map(
    (src) =>
      new Promise((resolve, reject) => {
        const script = Object.assign(document.createElement("script"), { src, async: false });
        script.onload = resolve;
        script.onerror = () => reject(new Error(`could not load ${src}`));
        document.head.appendChild(script);
      }),
  );
  for (const href of styles) {
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    document.head.appendChild(link);
  }
  loaded = Promise.all(ran).then(adjustBokeh);
  return loaded;
}

// BokehJS (the global `Bokeh` its scripts define) adjusted.
function adjustBokeh() {
  // 1. Every visual property of a chart (line colour, fill alpha, font, …) is read from the
  // CSS cascade first, getComputedStyle(el).getPropertyValue("--bk-…"), on each paint. No
  // file of this site defines a "--bk-" variable (tests/explorer/test_bokeh_css.py checks
  // it), so every such read is "" and the model's own value is used: skip the read.
  // Upstream: bokeh/bokeh#15286 (open); #15205 caches these reads, after Bokeh 3.9.2.
  const { VisualProperties } = Bokeh.require("core/visuals/visual");
  VisualProperties.prototype._get_css_value = () => "";
  // 2. A chart's font size, getComputedStyle(el).fontSize, is read again for every tick label
  // it measures: read it once per task (nothing in one task of BokehJS's changes it).
  const { PlotView } = Bokeh.require("models/plots/plot_canvas");
  const fontSize = Object.getOwnPropertyDescriptor(PlotView.prototype, "base_font_size").get;
  Object.defineProperty(PlotView.prototype, "base_font_size", {
    configurable: true,
    get() {
      if (!this.csFontSizeRead) {
        this.csFontSize = fontSize.call(this);
        this.csFontSizeRead = true;
        queueMicrotask(() => (this.csFontSizeRead = false));
      }
      return this.csFontSize;
    },
  });

  // 3. to 6.: below, in this order.
  layOutShownPagesOnly();
  keepUnchangedCharts();
  const tabulator = Bokeh.Models.get("panel.models.tabulator.DataTabulator");
  if (tabulator != null) {
    pollTabulatorResizeByFrame(tabulator.prototype.default_view.prototype);
    holdTabulatorChangesUntilBuilt(tabulator.prototype.default_view.prototype);
  }
}

// A layout whose children change (a part of a page arriving, a text changing language) lays
// out the whole document again, LayoutDOMView's invalidate_layout ("TODO: it would be better
// and more efficient to do a localized update"): every view of every page, shown or not, is
// styled, measured (each chart's tick labels) and placed. As the Agreement page's report
// arrived, most of each of its long tasks was the other pages' views (docs/benchmarks.md).
// The pages of tabs not shown are left out of the layout (a Tabs view's layoutable_views, which
// each step of the layout walks, is the page shown) and laid out when shown; a change inside a
// page not shown prepares only its own views (update_layout) and lays nothing out. Upstream:
// bokeh/bokeh#7438; #15205 builds the views of a tab not shown only once it is shown, after
// Bokeh 3.9.2 (for Tabs(link_layouts=False)).
//
// On paper, every page of the details tabs is printed (explorer/app/page.py): while the page
// is printed (or shown as on paper), every page is laid out, as BokehJS does by itself.
function layOutShownPagesOnly() {
  const { LayoutDOMView } = Bokeh.require("models/layouts/layout_dom");
  const invalidateLayout = LayoutDOMView.prototype.invalidate_layout;
  const paper = window.matchMedia("print");
  let printing = paper.matches;
  const layOutAll = (now) => {
    printing = now;
    for (const root of Bokeh.index) if (root instanceof LayoutDOMView) root.invalidate_layout();
    if (!now) return;
    // each chart of a page laid out now would be painted in the next frame: after the print
    const { PlotView } = Bokeh.require("models/plots/plot_canvas");
    for (const plot of Bokeh.index.query((view) => view instanceof PlotView)) plot.repaint();
  };
  window.addEventListener("beforeprint", () => layOutAll(true));
  window.addEventListener("afterprint", () => layOutAll(paper.matches));
  paper.addEventListener("change", () => layOutAll(paper.matches));
  LayoutDOMView.prototype.invalidate_layout = function invalidate_layout() {
    const page = printing ? null : hiddenPage(this);
    if (page == null) return invalidateLayout.call(this);
    this.update_layout(); // its own views' styles and layouts, ready for the page's layout
    page.csLaidOut = false;
  };
  // A chart inside a page not shown is painted once the page is: until then its layout may be
  // of an earlier width (a window resized meanwhile), and a chart painted with it kept its title,
  // axes and glyphs that wide, which widened the page (tests/ui/test_layout.py, a narrow window).
  const { PlotView } = Bokeh.require("models/plots/plot_canvas");
  const paint = PlotView.prototype.paint;
  PlotView.prototype.paint = function paintWhenShown() {
    const page = printing ? null : hiddenPage(this);
    if (page == null) return paint.call(this);
    (page.csUnpainted ??= new Set()).add(this);
    for (const renderer of this.computed_renderer_views) renderer.force_finished();
    if (this._needs_notify) {
      this._needs_notify = false;
      this.notify_finished(); // as PlotView's paint of a chart not displayed
    }
  };
  for (const name of ["Tabs", "panel.models.tabs.Tabs"]) {
    const view = Bokeh.Models.get(name).prototype.default_view.prototype;
    Object.defineProperty(view, "layoutable_views", {
      configurable: true,
      get() {
        const shown = printing ? this.child_views : [this.child_views[this.model.active]];
        for (const page of this.child_views) page.csLaidOut = shown.includes(page);
        return shown.filter((page) => page instanceof LayoutDOMView);
      },
    });
    const updateActive = view.update_active;
    view.update_active = function update_active() {
      updateActive.call(this);
      const shown = this.child_views[this.model.active];
      // laid out only once every tab around it is shown (invalidate_layout above)
      if (shown instanceof LayoutDOMView && !shown.csLaidOut) this.invalidate_layout();
      // (a chart removed meanwhile, its part replaced, is not painted)
      for (const plot of shown?.csUnpainted ?? []) if (plot.el.isConnected) plot.request_paint();
      shown?.csUnpainted?.clear();
    };
  }
}

// A chart laid out again at the size it was painted at (BokehJS lays out the whole document
// whenever a part of the page arrives, and PlotView's _update_layout marks every chart for a
// full repaint) keeps its pixels: only a change of its size, or a paint asked for by a change
// of its own (request_paint), paints it again. A report of the Agreement page arriving beside
// its charts painted each of them again in one task.
function keepUnchangedCharts() {
  const { PlotView } = Bokeh.require("models/plots/plot_canvas");
  const updateLayout = PlotView.prototype._update_layout;
  PlotView.prototype._update_layout = function _update_layout() {
    const { _needs_paint: needsPaint, _invalidate_all: invalidateAll } = this;
    updateLayout.call(this);
    if (this.csPainted) {
      this._needs_paint = needsPaint; // _after_layout sets them again if its size changed
      this._invalidate_all = invalidateAll;
    }
  };
  const actualPaint = PlotView.prototype._actual_paint;
  PlotView.prototype._actual_paint = function _actual_paint() {
    actualPaint.call(this);
    this.csPainted = true;
  };
}

// Panel 1.9.4's Tabulator waits for a moment to resize its table by looping on BokehJS's
// defer() (a new task at once) while the table is drawing or a stylesheet of its own is not yet
// loaded (DataTabulatorView._flush_resize_when_root_ready): after the Agreement page's table of
// disagreements arrived, that loop took most of the main thread for seconds. The same loop,
// waiting a frame between two looks.
function pollTabulatorResizeByFrame(view) {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  view._flush_resize_when_root_ready = async function flush() {
    while (this._resize_pending) {
      await this.root.ready;
      if (!this._resize_pending) continue; // remove() may have cleared it meanwhile
      const sheets = [...this._initialized_stylesheets.values()];
      const busy =
        this._is_scrolling ||
        this._initializing ||
        this.container === null ||
        this.is_drawing ||
        this._has_active_editor();
      if (busy || !sheets.every((loaded) => loaded)) {
        await frame();
        continue;
      }
      this._resize_pending = false;
      this._resize_redraw();
      return;
    }
  };
}

// Tabulator builds a table in a task of its own after Panel's view has rendered it (its
// constructor's setTimeout), and a change of the table from the worker can come first. Panel
// 1.9.4 passes new columns on at once (Tabulator's setColumns, which threw "Cannot read
// properties of null (reading 'firstChild')" on a table not yet built: a page error of the Batch
// page's tables under load) and drops new rows until the table is built (its setData), which
// then shows the rows first sent. Until the table is built, new columns become those it is built
// with, and rows that arrived meanwhile are set once it is (tests/ui/test_tables.py).
function holdTabulatorChangesUntilBuilt(view) {
  const { render, setData } = view;
  view.render = function renderHoldingChanges() {
    render.call(this);
    const { tabulator } = this;
    const setColumns = tabulator.setColumns;
    tabulator.setColumns = (columns) => {
      if (tabulator.initialized) setColumns.call(tabulator, columns);
      else tabulator.options.columns = columns;
    };
    this.csRowsPending = false;
    tabulator.on("tableBuilt", () => {
      if (!this.csRowsPending) return;
      this.csRowsPending = false;
      void this.setData().then(() => this.postUpdate());
    });
  };
  view.setData = function setDataOnceBuilt() {
    if (this._initializing || this._building || !this.tabulator.initialized) {
      this.csRowsPending = true;
    }
    return setData.call(this);
  };
}

// The page (a child of a Tabs view) not shown inside which `view` is, or null if it is shown.
function hiddenPage(view) {
  for (let page = view; page.parent != null; page = page.parent) {
    const { parent } = page;
    const tabs = parent.model.type.endsWith("Tabs");
    if (tabs && parent.child_views.indexOf(page) !== parent.model.active) return page;
  }
  return null;
}
