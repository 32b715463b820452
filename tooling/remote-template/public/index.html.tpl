<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="light" />
    <title>__LABEL__ - The Expert Witness Report Tool</title>
  </head>
  <body>
    <noscript>The Expert Witness Report Tool needs JavaScript.</noscript>
    <div id="root"></div>
  </body>
</html>
