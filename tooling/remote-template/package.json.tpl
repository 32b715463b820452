{
  "name": "__PACKAGE__",
  "version": "1.0.0",
  "private": true,
  "ewrt": {
    "port": __PORT__
  },
  "scripts": {
    "build": "webpack --mode production",
    "dev": "webpack serve --mode development",
    "serve": "node ../scripts/serve-static.mjs --dir dist --port __PORT__",
    "typecheck": "tsc -p tsconfig.json",
    "test": "jest"
  },
  "dependencies": {
    "@ant-design/icons": "catalog:",
    "@ewrt/contract": "workspace:*",
    "@ewrt/shared": "workspace:*",
    "antd": "catalog:",
    "react": "catalog:",
    "react-dom": "catalog:",
    "react-router-dom": "catalog:",
    "single-spa": "catalog:",
    "single-spa-react": "catalog:"
  },
  "devDependencies": {
    "@module-federation/enhanced": "catalog:",
    "@swc/core": "catalog:",
    "@swc/jest": "catalog:",
    "@testing-library/dom": "catalog:",
    "@testing-library/jest-dom": "catalog:",
    "@testing-library/react": "catalog:",
    "@testing-library/user-event": "catalog:",
    "@types/jest": "catalog:",
    "@types/react": "catalog:",
    "@types/react-dom": "catalog:",
    "html-webpack-plugin": "catalog:",
    "jest": "catalog:",
    "jest-environment-jsdom": "catalog:",
    "msw": "catalog:",
    "swc-loader": "catalog:",
    "typescript": "catalog:",
    "webpack": "catalog:",
    "webpack-cli": "catalog:",
    "webpack-dev-server": "catalog:"
  }
}
