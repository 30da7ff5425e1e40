// The page's adjustments to BokehJS (second of static/page/'s scripts; see loading.js), made
// once BokehJS is loaded (page.loadScripts). Two reads of BokehJS's make the browser recompute
// the page's styles while its parts arrive: after each change to the page, a style read is as
// slow as recomputing the styles of every element changed since the last one (seconds of
// main-thread time while the app's parts arrive, in tasks of up to 800 ms).
"use strict";

(function (page) {
  page.adjustBokeh = function adjustBokeh() {
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
  };
})(window.charsimPage);
