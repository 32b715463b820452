{
  "extends": "../tsconfig.base.json",
  "compilerOptions": {
    "types": ["jest", "@testing-library/jest-dom"]
  },
  "include": ["src"]
}
