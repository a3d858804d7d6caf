import { SimpleGrid } from '@mantine/core';
import type { SellerDashboard } from '@pricehub/shared/schemas/dashboard';
import { ChartCard } from '../../../components/chart-card';
import { BarSeries, LineSeries, rupees } from '../../../components/dashboard-chart';

/** The dashboard's three charts; loaded on their own so the charting library stays out of the first paint. */
export default function DashboardCharts({ data }: { data: SellerDashboard }) {
  const prices = data.priceChart.map((p) => ({ name: p.name, price: rupees(p.price) }));
  const months = data.salesByMonth.map((m) => ({ label: m.label, revenue: rupees(m.revenue), orders: m.orders }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <ChartCard title="Products Catalogue" empty={prices.length === 0}>
        <BarSeries
          data={prices}
          dataKey="name"
          series={{ name: 'price', label: 'Price', color: 'blue.6' }}
          inRupees
          xAxisProps={{ tick: false }}
          aria-label="Bar chart of product prices"
        />
      </ChartCard>
      <ChartCard title="Sales, last 12 months">
        <LineSeries
          data={months}
          dataKey="label"
          series={{ name: 'revenue', label: 'Revenue', color: 'teal.6' }}
          inRupees
          aria-label="Line chart of revenue per month for the last 12 months"
        />
      </ChartCard>
      <ChartCard title="Data Analysis" empty={data.views.length === 0}>
        <BarSeries
          data={data.views}
          dataKey="name"
          series={{ name: 'views', label: 'Product views', color: 'grape.6' }}
          xAxisProps={{ tick: false }}
          aria-label="Bar chart of product views"
        />
      </ChartCard>
    </SimpleGrid>
  );
}
