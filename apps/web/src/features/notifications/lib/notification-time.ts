const dateTime = new Intl.DateTimeFormat('en-US', {
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** When a notification came, as both notification pages show it ("11/24/2026, 02:00 PM"). */
export const formatNotificationTime = (iso: string) => dateTime.format(new Date(iso));
