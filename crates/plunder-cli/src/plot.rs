//! A simulation summary as an SVG bar chart: win rate per seat with its 95% interval and the fair share.
//! Hand-written SVG, so the chart needs no library and opens in any browser.

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
            COLOURS[0],
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
