import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse

// The platform's HTTP/JSON API from Kotlin with the JDK's own HTTP client.
fun main(args: Array<String>) {
    val base = "http://${args[0]}"
    val http = HttpClient.newHttpClient()
    fun call(method: String, path: String, body: String? = null, token: String? = null): HttpResponse<String> {
        val request = HttpRequest.newBuilder(URI.create(base + path))
            .method(method, if (body == null) HttpRequest.BodyPublishers.noBody() else HttpRequest.BodyPublishers.ofString(body))
            .header("content-type", "application/json")
        if (token != null) request.header("authorization", "Bearer $token")
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString())
    }
    val name = "kt_" + System.currentTimeMillis().toString(36)
    val registered = call("POST", "/v1/auth:register",
        """{"email":"$name@example.com","username":"$name","password":"violet staircase under a quiet harbour","acceptTerms":true,"termsVersion":"2026-01"}""")
    val token = Regex("\"accessToken\":\"([^\"]+)\"").find(registered.body())!!.groupValues[1]
    val me = call("GET", "/v1/me", token = token)
    println("${me.statusCode()} ${me.body().take(120)}")
    val refused = call("POST", "/v1/routines", """{"name":"","days":[]}""", token)
    println("${refused.statusCode()} ${refused.body().take(160)}")
}
