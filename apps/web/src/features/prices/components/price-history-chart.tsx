import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import dayjs from 'dayjs';
import { PAISA_PER_RUPEE } from '@pricehub/shared/rules/money';
import type { PriceHistory } from '@pricehub/shared/schemas/offer';

const COLOURS = ['blue.6', 'orange.6', 'teal.6', 'grape.6', 'red.6', 'cyan.6', 'lime.7', 'pink.6'];
const LOWEST = 'Lowest price';
const rupees = (paisa: number) => Math.floor(paisa / PAISA_PER_RUPEE);

/**
 * One row per day with each store's last price that day and the lowest price, carried forward so lines are
 * continuous. Loaded lazily: the charting library stays out of the product page's first paint. `height` is its
 * placeholder's too, so the page does not move when the chart arrives.
 */
export default function PriceHistoryChart({ history, height }: { history: PriceHistory; height: number }) {
  const days = new Map<string, Record<string, number | string>>();
  const row = (date: string) => {
    const day = dayjs(date).format('MM/DD/YYYY');
    let r = days.get(day);
    if (!r) days.set(day, (r = { day, sort: dayjs(date).startOf('day').valueOf() }));
    return r;
  };
  history.series.forEach((s) => s.points.forEach((p) => (row(p.date)[s.store] = rupees(p.price))));
  history.lowest.forEach((p) => (row(p.date)[LOWEST] = rupees(p.price)));
  const data = [...days.values()].sort((a, b) => Number(a.sort) - Number(b.sort));
  const names = [LOWEST, ...new Set(history.series.map((s) => s.store))];
  for (let i = 1; i < data.length; i++) {
    for (const name of names)
      if (data[i]![name] === undefined && data[i - 1]![name] !== undefined) data[i]![name] = data[i - 1]![name]!;
  }
  return (
    <LineChart
      h={height}
      data={data}
      dataKey="day"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      curveType="stepAfter"
      connectNulls
      valueFormatter={(v) => `Rs ${v.toLocaleString('en-US')}`}
      series={names.map((name, i) => ({
        name,
        color: i === 0 ? 'dark.5' : COLOURS[(i - 1) % COLOURS.length]!,
        strokeDasharray: i === 0 ? '6 3' : undefined,
      }))}
      aria-label="Price history: the lowest price over time and one line per store"
    />
  );
}
