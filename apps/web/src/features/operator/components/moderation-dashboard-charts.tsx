import { BarChart } from '@mantine/charts';
import { SimpleGrid, Text } from '@mantine/core';
import type { PlatformDashboard } from '@pricehub/shared/schemas/operator-dashboard';
import { ChartCard } from '../../../components/chart-card';
import { BarSeries, LineSeries, rupees } from '../../../components/dashboard-chart';

/** Axis ticks short ("Rs 2.2M"), so they fit beside a phone-wide chart; the tooltip keeps the whole amount. */
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const rsTick = (value: number) => `Rs ${compact.format(value)}`;
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** GMV and orders per day, and the searches that found nothing; loaded on their own, as the seller dashboard's. */
export default function PlatformDashboardCharts({ data }: { data: PlatformDashboard }) {
  const trade = data.trade.map((d) => ({
    label: day.format(new Date(`${d.date}T00:00:00Z`)),
    gmv: rupees(d.gmv),
    orders: d.orders,
  }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <ChartCard title={`GMV per day, last ${data.days} days`}>
        <LineSeries
          data={trade}
          dataKey="label"
          series={{ name: 'gmv', label: 'GMV', color: 'teal.6' }}
          inRupees
          yAxisProps={{ tickFormatter: rsTick, width: 64 }}
          withDots={false}
          aria-label={`Line chart of GMV per day for the last ${data.days} days`}
        />
      </ChartCard>
      <ChartCard title={`Orders per day, last ${data.days} days`}>
        <BarSeries
          data={trade}
          dataKey="label"
          series={{ name: 'orders', label: 'Orders', color: 'blue.6' }}
          yAxisProps={{ allowDecimals: false }}
          aria-label={`Bar chart of orders per day for the last ${data.days} days`}
        />
      </ChartCard>
      {data.noResultSearches.length > 0 && (
        <ChartCard title="Searches with no result">
          <BarChart
            h={Math.max(160, data.noResultSearches.length * 30)}
            data={data.noResultSearches}
            dataKey="term"
            orientation="vertical"
            yAxisProps={{ width: 140 }}
            xAxisProps={{ allowDecimals: false }}
            maxBarWidth={24}
            series={[{ name: 'count', label: 'Searches', color: 'orange.6' }]}
            aria-label="Bar chart of the searches that found nothing, most frequent first"
          />
          <Text size="xs" c="dimmed" mt="xs">
            Words alone, first page, no filters; counted per day.
          </Text>
        </ChartCard>
      )}
    </SimpleGrid>
  );
}
