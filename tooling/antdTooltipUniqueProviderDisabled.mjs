// Stands in for antd's `tooltip/UniqueProvider` inside ConfigProvider (see webpack.app.cjs): ConfigProvider
// renders it only for `tooltip={{ unique: true }}`, which the suite never sets, yet importing it makes
// every page that renders a ConfigProvider download @rc-component/trigger.
export default function TooltipUniqueProviderDisabled({ children }) {
  return children;
}
