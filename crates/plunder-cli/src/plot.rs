//! Charts of simulation results: win rate per seat with its 95% interval and the fair share, bar charts of
//! shares, and differences with their intervals (content effects). Hand-written SVG, so a chart needs no
//! library and opens in any browser; [`Rasterizer`] turns the same SVG into PNG for documents and slides.

use crate::tournament::Standings;
use plunder_cli::output::CHART_MARK;
use plunder_sim::Summary;

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 360.0;
const LEFT: f64 = 60.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 50.0;
const BOTTOM: f64 = 60.0;

/// Bar colours, one per bot name in order of first appearance.
const COLOURS: [&str; 6] = ["#2b6cb0", "#c05621", "#2f855a", "#6b46c1", "#b7791f", "#c53030"];

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The chart for `summary`.
pub fn win_rate_svg(summary: &Summary) -> String {
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let top_rate = summary.seats.iter().map(|s| s.ci95[1]).fold(1.0 / summary.players as f64, f64::max);
    let scale = (top_rate * 10.0).ceil().max(1.0) / 10.0;
    let y = |rate: f64| TOP + plot_h * (1.0 - rate / scale);
    let slot = plot_w / summary.seats.len().max(1) as f64;
    let mut bots: Vec<&str> = Vec::new();
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         {CHART_MARK}\n\
         <rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"white\"/>\n\
         <text x=\"{}\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">{}: win rate per seat, {} games, seed {}</text>\n",
        WIDTH / 2.0,
        escape(&summary.game),
        summary.games,
        summary.seed
    );
    for tick in 0..=5 {
        let rate = scale * tick as f64 / 5.0;
        svg += &format!(
            "<line x1=\"{LEFT}\" x2=\"{}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"#ddd\"/><text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{:.0}%</text>\n",
            WIDTH - RIGHT,
            LEFT - 6.0,
            y(rate) + 4.0,
            rate * 100.0,
            y = y(rate)
        );
    }
    for (i, seat) in summary.seats.iter().enumerate() {
        if !bots.contains(&seat.bot.as_str()) {
            bots.push(&seat.bot);
        }
        let colour = COLOURS[bots.iter().position(|b| *b == seat.bot).unwrap_or(0) % COLOURS.len()];
        let x = LEFT + slot * i as f64 + slot * 0.2;
        let w = slot * 0.6;
        let cx = x + w / 2.0;
        svg += &format!(
            "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{w:.1}\" height=\"{:.1}\" fill=\"{colour}\"><title>{} {}: {:.1}%</title></rect>\n\
             <line x1=\"{cx:.1}\" x2=\"{cx:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"black\"/>\n\
             <text x=\"{cx:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>\n\
             <text x=\"{cx:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#555\">{}</text>\n",
            y(seat.win_rate),
            (y(0.0) - y(seat.win_rate)).max(0.0),
            seat.seat,
            escape(&seat.bot),
            seat.win_rate * 100.0,
            y(seat.ci95[0]),
            y(seat.ci95[1]),
            HEIGHT - BOTTOM + 18.0,
            seat.seat,
            HEIGHT - BOTTOM + 34.0,
            escape(&seat.bot)
        );
    }
    let fair = y(1.0 / summary.players as f64);
    svg += &format!(
        "<line x1=\"{LEFT}\" x2=\"{}\" y1=\"{fair:.1}\" y2=\"{fair:.1}\" stroke=\"#c53030\" stroke-dasharray=\"6 4\"/>\n\
         <text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"#555\">bars: win rate; whiskers: 95% interval; \
         dashed: fair share ({:.0}%)</text>\n</svg>\n",
        WIDTH - RIGHT,
        WIDTH / 2.0,
        HEIGHT - 8.0,
        100.0 / summary.players as f64
    );
    svg
}

/// One bar of [`bars_svg`]: a value from 0 to 1 and an optional 95% interval.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    pub label: String,
    pub value: f64,
    pub interval: Option<[f64; 2]>,
    /// Which series the bar belongs to (its colour): 0 for a single series, 0 and 1 for two runs side by side.
    pub series: usize,
}

/// A bar chart of shares (0 to 1): win rates with intervals, or a histogram's shares; `reference` draws a
/// dashed line (the fair share). Every bar carries its value in a `<title>`, so tests and readers can check it.
pub fn bars_svg(title: &str, bars: &[Bar], reference: Option<f64>, percent: bool) -> String {
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let top = bars.iter().map(|b| b.interval.map_or(b.value, |i| i[1])).chain(reference).fold(0.0, f64::max);
    let scale = ((top * 10.0).ceil() / 10.0).clamp(0.1, 1.0);
    let y = |v: f64| TOP + plot_h * (1.0 - v / scale);
    let slot = plot_w / bars.len().max(1) as f64;
    let show = |v: f64| if percent { format!("{:.1}%", 100.0 * v) } else { format!("{v:.3}") };
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         {CHART_MARK}\n\
         <rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"white\"/>\n\
         <text x=\"{}\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">{}</text>\n",
        WIDTH / 2.0,
        escape(title)
    );
    for tick in 0..=5 {
        let v = scale * tick as f64 / 5.0;
        svg += &format!(
            "<line x1=\"{LEFT}\" x2=\"{}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"#ddd\"/><text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\n",
            WIDTH - RIGHT,
            LEFT - 6.0,
            y(v) + 4.0,
            show(v),
            y = y(v)
        );
    }
    // Label at most about 16 bars, so labels never overlap.
    let label_every = bars.len().div_ceil(16).max(1);
    for (i, bar) in bars.iter().enumerate() {
        let x = LEFT + slot * i as f64 + slot * 0.1;
        let w = slot * 0.8;
        let cx = x + w / 2.0;
        svg += &format!(
            "<rect class=\"bar\" x=\"{x:.1}\" y=\"{:.1}\" width=\"{w:.1}\" height=\"{:.1}\" fill=\"{}\"><title>{}: {}</title></rect>\n",
            y(bar.value),
            (y(0.0) - y(bar.value)).max(0.0),
            COLOURS[bar.series % COLOURS.len()],
            escape(&bar.label),
            show(bar.value)
        );
        if let Some([low, high]) = bar.interval {
            svg += &format!(
                "<line x1=\"{cx:.1}\" x2=\"{cx:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"black\"/>\n",
                y(low),
                y(high)
            );
        }
        if i % label_every == 0 {
            svg += &format!(
                "<text x=\"{cx:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>\n",
                HEIGHT - BOTTOM + 18.0,
                escape(&bar.label)
            );
        }
    }
    if let Some(r) = reference {
        svg += &format!(
            "<line x1=\"{LEFT}\" x2=\"{}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#c53030\" stroke-dasharray=\"6 4\"/>\n\
             <text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"#555\">whiskers: 95% interval; dashed: fair share ({})</text>\n",
            WIDTH - RIGHT,
            y(r),
            y(r),
            WIDTH / 2.0,
            HEIGHT - 8.0,
            show(r)
        );
    }
    svg + "</svg>\n"
}

/// One row of [`differences_svg`]: a difference of two rates, its 95% interval, and whether a test found it
/// significant.
#[derive(Clone, Debug, PartialEq)]
pub struct Difference {
    pub label: String,
    pub value: f64,
    pub interval: [f64; 2],
    pub significant: bool,
}

/// A forest plot: one row per difference (in percentage points), a dot at the difference and a whisker for its
/// interval, about a zero line; significant rows are red (higher) or blue (lower), the rest grey. Each row
/// carries its numbers in a `<title>`.
pub fn differences_svg(title: &str, rows: &[Difference]) -> String {
    const ROW: f64 = 20.0;
    const LABELS: f64 = 230.0;
    let height = TOP + ROW * rows.len().max(1) as f64 + BOTTOM;
    let plot_w = WIDTH - LABELS - RIGHT;
    let reach = rows.iter().flat_map(|r| [r.interval[0].abs(), r.interval[1].abs(), r.value.abs()]).fold(0.0, f64::max);
    // Round ticks: the smallest step among 1, 2, 5, 10, 20, 25 points that covers the reach in at most 4.
    let step = [0.01, 0.02, 0.05, 0.1, 0.2, 0.25].into_iter().find(|step| reach <= 4.0 * step).unwrap_or(0.25);
    let ticks = ((reach / step).ceil() as i32).clamp(1, 4);
    let scale = step * ticks as f64;
    let x = |v: f64| LABELS + plot_w * (v + scale) / (2.0 * scale);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height}\" viewBox=\"0 0 {WIDTH} {height}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         {CHART_MARK}\n\
         <rect width=\"{WIDTH}\" height=\"{height}\" fill=\"white\"/>\n\
         <text x=\"{}\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">{}</text>\n",
        WIDTH / 2.0,
        escape(title)
    );
    let bottom = height - BOTTOM;
    for tick in -ticks..=ticks {
        let v = step * tick as f64;
        let stroke = if tick == 0 { "#555" } else { "#ddd" };
        svg += &format!(
            "<line x1=\"{x:.1}\" x2=\"{x:.1}\" y1=\"{TOP}\" y2=\"{bottom:.1}\" stroke=\"{stroke}\"/>\
             <text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>\n",
            bottom + 16.0,
            if tick == 0 { "0".to_string() } else { format!("{:+.0}", 100.0 * v) },
            x = x(v)
        );
    }
    for (i, row) in rows.iter().enumerate() {
        let y = TOP + ROW * (i as f64 + 0.5);
        let colour = match (row.significant, row.value > 0.0) {
            (true, true) => "#c53030",
            (true, false) => "#2b6cb0",
            _ => "#718096",
        };
        let label: String = row.label.chars().take(34).collect();
        svg += &format!(
            "<g class=\"difference\"><title>{}: {:+.1} pts [{:+.1}, {:+.1}]</title>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\
             <line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"{colour}\" stroke-width=\"2\"/>\
             <circle cx=\"{:.1}\" cy=\"{y:.1}\" r=\"4\" fill=\"{colour}\"/></g>\n",
            escape(&row.label),
            100.0 * row.value,
            100.0 * row.interval[0],
            100.0 * row.interval[1],
            LABELS - 8.0,
            y + 4.0,
            escape(&label),
            x(row.interval[0].max(-scale)),
            x(row.interval[1].min(scale)),
            x(row.value),
        );
    }
    svg += &format!(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"#555\">difference in win rate, percentage points; \
         whiskers: 95% interval; red or blue: significant at 5%</text>\n</svg>\n",
        WIDTH / 2.0,
        height - 8.0
    );
    svg
}

/// Turns the charts' SVG into PNG, with the machine's fonts (loaded once: it takes a moment). Where no font is
/// found the PNG still has every bar and line, only without text.
#[cfg(feature = "png")]
pub struct Rasterizer {
    options: resvg::usvg::Options<'static>,
}

#[cfg(feature = "png")]
impl Rasterizer {
    /// Pixels per SVG unit: twice the SVG's size, sharp on high-density screens and in print.
    const SCALE: f32 = 2.0;

    pub fn new() -> Result<Rasterizer, String> {
        let mut options = resvg::usvg::Options::default();
        let fonts = options.fontdb_mut();
        fonts.load_system_fonts();
        // The charts ask for "sans-serif"; point it at a sans face this machine has.
        let family = ["DejaVu Sans", "Liberation Sans", "Noto Sans", "FreeSans", "Arial", "Helvetica"]
            .into_iter()
            .find(|name| fonts.faces().any(|face| face.families.iter().any(|(family, _)| family == name)))
            .map(str::to_string)
            .or_else(|| fonts.faces().next().and_then(|face| face.families.first().map(|(family, _)| family.clone())));
        if let Some(family) = family {
            fonts.set_sans_serif_family(family);
        }
        Ok(Rasterizer { options })
    }

    /// The PNG image of `svg`.
    pub fn png(&self, svg: &str) -> Result<Vec<u8>, String> {
        let tree =
            resvg::usvg::Tree::from_str(svg, &self.options).map_err(|e| format!("a chart is not valid SVG: {e}"))?;
        let size = tree.size().to_int_size().scale_by(Self::SCALE).ok_or("a chart is too large to draw")?;
        let mut pixmap =
            resvg::tiny_skia::Pixmap::new(size.width(), size.height()).ok_or("a chart is too large to draw")?;
        resvg::render(&tree, resvg::tiny_skia::Transform::from_scale(Self::SCALE, Self::SCALE), &mut pixmap.as_mut());
        pixmap.encode_png().map_err(|e| format!("cannot encode a chart as PNG: {e}"))
    }
}

/// A build without the `png` feature has no rasterizer: asking for one says how to get it.
#[cfg(not(feature = "png"))]
#[derive(Debug)]
pub enum Rasterizer {}

#[cfg(not(feature = "png"))]
impl Rasterizer {
    pub fn new() -> Result<Rasterizer, String> {
        Err("PNG charts need a plunder built with them: `cargo build --release --features png` \
             (or write SVG charts: --format svg, the default)"
            .to_string())
    }

    pub fn png(&self, _svg: &str) -> Result<Vec<u8>, String> {
        match *self {}
    }
}
/// A tournament's ratings: one row per bot, best on top, a dot at the rating and a whisker over its 95%
/// interval, on an Elo axis centred on 0. Each dot carries its numbers in a `<title>`.
pub fn ratings_svg(standings: &Standings) -> String {
    let row = 36.0;
    let height = TOP + BOTTOM + row * standings.bots.len() as f64;
    let label_w = 150.0;
    let (x0, x1) = (LEFT + label_w, WIDTH - RIGHT - 10.0);
    let reach = standings
        .bots
        .iter()
        .flat_map(|b| [b.rating_ci95[0].abs(), b.rating_ci95[1].abs(), b.rating.abs()])
        .fold(100.0, f64::max);
    let step = [50.0, 100.0, 200.0, 500.0, 1000.0, 2000.0].into_iter().find(|s| reach / s <= 4.0).unwrap_or(5000.0);
    let limit = (reach / step).ceil() * step;
    let x = |elo: f64| x0 + (x1 - x0) * (elo + limit) / (2.0 * limit);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height}\" viewBox=\"0 0 {WIDTH} {height}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         {CHART_MARK}\n\
         <rect width=\"{WIDTH}\" height=\"{height}\" fill=\"white\"/>\n\
         <text x=\"{}\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">{}: ratings, {} games, {} players, seed {}</text>\n",
        WIDTH / 2.0,
        escape(&standings.game),
        standings.games,
        standings.players,
        standings.seed
    );
    let mut tick = -limit;
    while tick <= limit + 1e-9 {
        svg += &format!(
            "<line x1=\"{x:.1}\" x2=\"{x:.1}\" y1=\"{TOP}\" y2=\"{:.1}\" stroke=\"{}\"/><text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{tick:+.0}</text>\n",
            height - BOTTOM,
            if tick == 0.0 { "#999" } else { "#ddd" },
            height - BOTTOM + 16.0,
            x = x(tick)
        );
        tick += step;
    }
    for (i, bot) in standings.bots.iter().enumerate() {
        let y = TOP + row * (i as f64 + 0.5);
        svg += &format!(
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\n\
             <line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"black\" stroke-width=\"2\"/>\n\
             <circle class=\"rating\" cx=\"{:.1}\" cy=\"{y:.1}\" r=\"6\" fill=\"{}\"><title>{}: {:+.0} [{:+.0}, {:+.0}]</title></circle>\n",
            x0 - 10.0,
            y + 4.0,
            escape(&bot.bot),
            x(bot.rating_ci95[0]),
            x(bot.rating_ci95[1]),
            x(bot.rating),
            COLOURS[i % COLOURS.len()],
            escape(&bot.bot),
            bot.rating,
            bot.rating_ci95[0],
            bot.rating_ci95[1]
        );
    }
    svg += &format!(
        "<text x=\"{}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#555\">Bradley-Terry rating, Elo scale (dot) and 95% bootstrap interval (whisker)</text>\n</svg>\n",
        WIDTH / 2.0,
        height - 12.0
    );
    svg
}
