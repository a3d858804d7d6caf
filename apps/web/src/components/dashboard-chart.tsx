import '@mantine/charts/styles.css';
import { BarChart, LineChart, type BarChartProps, type LineChartProps } from '@mantine/charts';
import { PAISA_PER_RUPEE } from '@pricehub/shared/rules/money';

/**
 * The charts of the seller's and the operator's dashboards: one series each, all of a height, amounts in whole rupees.
 * Only the lazily loaded chart files import this, so the charting library stays out of a page's first paint.
 */

const HEIGHT = 260;

/** Paisa to whole rupees, the unit a chart's axis counts in. */
export const rupees = (paisa: number) => Math.floor(paisa / PAISA_PER_RUPEE);
const rs = (value: number) => `Rs ${value.toLocaleString('en-US')}`;

interface SeriesProps {
  /** What is drawn: one key of `data`, its name in the tooltip and its colour. */
  series: { name: string; label: string; color: string };
  /** The values are rupees: the tooltip says "Rs 45,000". */
  inRupees?: boolean;
}

/** One series as bars. */
export function BarSeries({ series, inRupees, ...chart }: SeriesProps & Omit<BarChartProps, 'series' | 'h'>) {
  return <BarChart h={HEIGHT} series={[series]} {...(inRupees && { valueFormatter: rs })} {...chart} />;
}

/** One series as a smooth line. */
export function LineSeries({ series, inRupees, ...chart }: SeriesProps & Omit<LineChartProps, 'series' | 'h'>) {
  return (
    <LineChart h={HEIGHT} series={[series]} curveType="monotone" {...(inRupees && { valueFormatter: rs })} {...chart} />
  );
}
