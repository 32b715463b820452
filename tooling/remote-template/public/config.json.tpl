{
  "apiBaseUrl": "http://localhost:4000",
  "socketUrl": "http://localhost:4000",
  "remotes": []
}
